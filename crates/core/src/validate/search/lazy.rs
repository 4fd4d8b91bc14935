//! The predecessor lists (`bounds::Preds`) built when first read, so that the largest courses'
//! searches run without them (issue 17 item 7: the largest course validates in under 300 MB).
//! Rebuilding them from the step table gives the same lists.

use crate::engine::steps::StepTable;
use crate::validate::bounds::Preds;
use std::sync::{Arc, Mutex, PoisonError};

/// From this many table states (about 35 MB of predecessor lists) the lists are freed while the
/// searches that do not read them run (`LazyPreds::release_if_large`): building them again takes
/// a fraction of what those searches take.
pub(super) const RELEASE_STATES: usize = 1 << 20;

/// A table's predecessor lists, built on first use (`get`) and again after `release`. Shared
/// by the searches that run side by side (`validate::starts`): one builds, the others wait.
pub(in crate::validate) struct LazyPreds<'a> {
    table: &'a StepTable,
    built: Mutex<Option<Arc<Preds>>>,
}

impl<'a> LazyPreds<'a> {
    pub fn new(table: &'a StepTable) -> LazyPreds<'a> {
        LazyPreds {
            table,
            built: Mutex::new(None),
        }
    }

    /// The lists, built now if they are not. They stay alive while the caller holds them, even
    /// if released meanwhile.
    pub fn get(&self) -> Arc<Preds> {
        let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(built.get_or_insert_with(|| Arc::new(Preds::of(self.table))))
    }

    /// Frees the lists (once no caller holds them) until they are next read.
    pub fn release(&self) {
        self.built
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }

    /// `release` on a table of `RELEASE_STATES` or more, before a search that does not read
    /// them; a small table's are kept (they cost little and would be built again).
    pub fn release_if_large(&self) {
        if self.table.states() >= RELEASE_STATES {
            self.release();
        }
    }

    /// Whether the lists are built now.
    #[cfg(test)]
    pub fn is_built(&self) -> bool {
        self.built
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}
