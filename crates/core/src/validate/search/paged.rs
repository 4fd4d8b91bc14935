//! Memory for the dominance test's large arrays that the system maps without a second fault
//! (issue 17 item 7: the largest course in under 10 s).
//!
//! A zeroed array the size of the step table (`Seen`'s plain states, the typical hand's list
//! heads: 74 MB for the largest board with 8 flags) was mapped by the system only where a
//! search touched it, but a search reads a slot before it writes it. The read mapped the
//! system's shared zero page, and the write then faulted a second time to replace it, which
//! flushes the page from every core's TLB while the starts' threads run: on the largest board
//! with 8 flags 935,000 faults and 6.7 s of system time. A `Paged` array keeps its entries in
//! pages allocated where first written, each written to before anything reads it, and a read
//! of a page never written gives zero without touching memory.

/// The bytes of the system's smallest memory page: writing one value in each is enough to map
/// it writable.
const SYSTEM_PAGE: usize = 4096;

/// `len` zero values (`T::default()`), every system page of them already mapped writable by a
/// write, so that no later read maps the shared zero page that a write would then replace.
pub(super) fn zeroed<T: Copy + Default>(len: usize) -> Vec<T> {
    let mut values = vec![T::default(); len];
    let step = (SYSTEM_PAGE / size_of::<T>().max(1)).max(1);
    for i in (0..len).step_by(step) {
        let p: *mut T = &mut values[i];
        // SAFETY: `p` points to an initialised `T` of `values`, borrowed mutably, and is
        // aligned. It stores the value the vector was made with, without reading first (a read
        // would map the zero page); volatile, so that it is not dropped as storing a value the
        // memory already holds.
        unsafe { p.write_volatile(T::default()) };
    }
    values
}

/// How many entries a page of a `Paged` array holds (as a power of two).
const PAGE_BITS: u32 = 14;

/// `len` values, all zero (`T::default()`) at first, kept in pages of `1 << PAGE_BITS` that are
/// allocated, and mapped writable, when first written.
#[derive(Default)]
pub(super) struct Paged<T> {
    pages: Vec<Option<Box<[T]>>>,
    len: usize,
}

impl<T: Copy + Default> Paged<T> {
    pub fn new(len: usize) -> Paged<T> {
        Paged {
            pages: std::iter::repeat_with(|| None)
                .take(len.div_ceil(1 << PAGE_BITS))
                .collect(),
            len,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The value at `at`: zero where never written; `None` past the end.
    #[inline]
    pub fn get(&self, at: usize) -> Option<T> {
        if at >= self.len {
            return None;
        }
        Some(match &self.pages[at >> PAGE_BITS] {
            Some(page) => page[at & ((1 << PAGE_BITS) - 1)],
            None => T::default(),
        })
    }

    /// The value at `at` to write, its page allocated if it was not; `None` past the end.
    #[inline]
    pub fn get_mut(&mut self, at: usize) -> Option<&mut T> {
        if at >= self.len {
            return None;
        }
        let page = self.pages[at >> PAGE_BITS]
            .get_or_insert_with(|| zeroed(1 << PAGE_BITS).into_boxed_slice());
        Some(&mut page[at & ((1 << PAGE_BITS) - 1)])
    }

    /// How many pages have been written to.
    #[cfg(test)]
    pub fn pages_written(&self) -> usize {
        self.pages.iter().filter(|p| p.is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paged_array_reads_zero_until_written_and_allocates_only_the_pages_written_issue_17() {
        let len = 5 << PAGE_BITS;
        let mut a: Paged<u32> = Paged::new(len + 3);
        assert_eq!(a.len(), len + 3);
        assert_eq!(
            (a.get(0), a.get(len + 2), a.get(len + 3)),
            (Some(0), Some(0), None)
        );
        assert_eq!(a.pages_written(), 0);
        *a.get_mut(1 << PAGE_BITS).unwrap() = 7;
        *a.get_mut(len + 2).unwrap() = 9;
        assert!(a.get_mut(len + 3).is_none());
        assert_eq!(a.pages_written(), 2);
        assert_eq!(
            (
                a.get(1 << PAGE_BITS),
                a.get((1 << PAGE_BITS) + 1),
                a.get(len + 2)
            ),
            (Some(7), Some(0), Some(9))
        );
        // Another value on a written page keeps its neighbours.
        *a.get_mut((1 << PAGE_BITS) + 1).unwrap() = 3;
        assert_eq!(a.get(1 << PAGE_BITS), Some(7));
        assert_eq!(a.pages_written(), 2);
    }

    #[test]
    fn zeroed_values_are_all_zero_whatever_their_size() {
        for len in [0, 1, 511, 512, 513, 5000] {
            let v: Vec<u64> = zeroed(len);
            assert_eq!(v.len(), len);
            assert!(v.iter().all(|&x| x == 0));
        }
        let w: Vec<u128> = zeroed(3000);
        assert!(w.iter().all(|&x| x == 0));
    }
}
