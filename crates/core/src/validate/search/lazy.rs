//! The predecessor lists (`bounds::Preds`) built when first read, so that the largest courses'
//! line searches run without them (issue 17 item 7: the largest course validates in under
//! 300 MB). Rebuilding them from the step table gives the same lists.

use crate::engine::steps::StepTable;
use crate::validate::bounds::Preds;
use std::ops::Deref;
use std::sync::OnceLock;

/// A table's predecessor lists, built on first use (a read through `Deref`) and again after
/// `release`.
pub(in crate::validate) struct LazyPreds<'a> {
    table: &'a StepTable,
    built: OnceLock<Preds>,
}

impl<'a> LazyPreds<'a> {
    pub fn new(table: &'a StepTable) -> LazyPreds<'a> {
        LazyPreds {
            table,
            built: OnceLock::new(),
        }
    }

    /// Frees the lists until they are next read.
    pub fn release(&mut self) {
        self.built.take();
    }

    /// Whether the lists are built now.
    #[cfg(test)]
    pub fn is_built(&self) -> bool {
        self.built.get().is_some()
    }
}

impl Deref for LazyPreds<'_> {
    type Target = Preds;

    fn deref(&self) -> &Preds {
        self.built.get_or_init(|| Preds::of(self.table))
    }
}
