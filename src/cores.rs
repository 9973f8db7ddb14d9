//! Work spread over the cores this process may use, with results that do not depend on how many
//! there are: a rebuild's parsing, sorting, keying and embedding (docs/lake.md, "Where a
//! rebuild's time goes"). Everything here keeps its input's order, so a snapshot built on one
//! core has the bytes of one built on many.

use rayon::prelude::*;

/// `f` applied to each item, in the items' order; on [`pool`]'s threads when there are at least
/// `parallel_from` items (below that, handing them over costs more than it saves).
pub fn map<T: Sync, U: Send>(items: &[T], parallel_from: usize, f: impl Fn(&T) -> U + Sync + Send) -> Vec<U> {
    match share(items.len(), parallel_from) {
        // Collecting an indexed iterator keeps each result at its item's place.
        Some(pool) => pool.install(|| items.par_iter().map(f).collect()),
        None => items.iter().map(f).collect(),
    }
}

/// [`map`], taking the items by value.
pub fn map_owned<T: Send, U: Send>(items: Vec<T>, parallel_from: usize, f: impl Fn(T) -> U + Sync + Send) -> Vec<U> {
    match share(items.len(), parallel_from) {
        Some(pool) => pool.install(|| items.into_par_iter().map(f).collect()),
        None => items.into_iter().map(f).collect(),
    }
}

/// Sorts `items` on [`pool`]'s threads when there are at least `parallel_from` of them. Unstable:
/// the caller's keys are distinct, so the order is the same either way.
pub fn sort_unstable<T: Ord + Send>(items: &mut [T], parallel_from: usize) {
    match share(items.len(), parallel_from) {
        Some(pool) => pool.install(|| items.par_sort_unstable()),
        None => items.sort_unstable(),
    }
}

/// Runs `work` on a thread of its own in `scope`, beside the caller, sharing work as the caller
/// would (in a test run on one core, it stays on one core too).
pub fn beside<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> std::thread::ScopedJoinHandle<'scope, T> {
    #[cfg(test)]
    let one_core = ONE_CORE.get();
    scope.spawn(move || {
        #[cfg(test)]
        ONE_CORE.set(one_core);
        work()
    })
}

/// The pool, when `len` items are enough to share (at least `parallel_from`).
pub fn share(len: usize, parallel_from: usize) -> Option<&'static rayon::ThreadPool> {
    #[cfg(test)]
    if ONE_CORE.get() {
        return None;
    }
    pool().filter(|_| len >= parallel_from)
}

#[cfg(test)]
thread_local! {
    static ONE_CORE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `work` with everything it shares kept on the calling thread: what a test compares the
/// shared run with.
#[cfg(test)]
pub fn on_one_core<R>(work: impl FnOnce() -> R) -> R {
    /// Puts the caller's setting back, even when `work` panics.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            ONE_CORE.set(self.0);
        }
    }
    let _restore = Restore(ONE_CORE.replace(true));
    work()
}

/// The threads: one per core this process may use, started on first use and kept for the life
/// of the process (`ctxlake sync` keeps them idle between folds). Its size is set here, so rayon
/// reads no `RAYON_NUM_THREADS` mid-run (the library reads no environment); a pool that cannot
/// start leaves all the work to the calling thread.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        match rayon::ThreadPoolBuilder::new().num_threads(threads).thread_name(|i| format!("ctxlake-cores-{i}")).build()
        {
            Ok(pool) => Some(pool),
            Err(why) => {
                tracing::warn!(%why, "no threads to share work with; it all runs on the calling thread");
                None
            }
        }
    })
    .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_one_core_shares_nothing() {
        assert!(share(10, 0).is_some() || pool().is_none());
        assert!(on_one_core(|| share(10, 0)).is_none());
        let beside_one = on_one_core(|| std::thread::scope(|scope| beside(scope, || share(10, 0).is_none()).join()));
        assert!(matches!(beside_one, Ok(true)), "a thread started beside a run on one core shares nothing either");
        assert!(share(10, 11).is_none());
    }

    #[test]
    fn a_map_on_many_cores_keeps_the_items_order() {
        let items: Vec<u32> = (0..50_000).rev().collect();
        let one = map(&items, usize::MAX, |n| n.to_string());
        assert_eq!(map(&items, 0, |n| n.to_string()), one);
        assert_eq!(one.first().map(String::as_str), Some("49999"));
    }

    #[test]
    fn a_sort_on_many_cores_gives_the_order_of_one() {
        let mut one: Vec<(u8, String, usize)> =
            (0..50_000).map(|i| ((i % 7) as u8, format!("{}", i % 13), i)).collect();
        let mut many = one.clone();
        sort_unstable(&mut one, usize::MAX);
        sort_unstable(&mut many, 0);
        assert_eq!(many, one);
        assert!(one.windows(2).all(|w| w[0] < w[1]));
    }
}
