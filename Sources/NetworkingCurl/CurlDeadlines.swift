#if os(Linux)
    /// The deadlines a `CurlConnectionLoop`'s connections asked to be served at: a binary min-heap
    /// of instants and connection tokens. A deadline that was moved or cleared stays in the heap
    /// until its time and is then ignored by the loop, which compares it with the connection's own.
    struct CurlDeadlines {
        private var heap: [(instant: ContinuousClock.Instant, token: UInt64)] = []

        /// The earliest deadline, if any.
        var next: ContinuousClock.Instant? { heap.first?.instant }

        mutating func insert(_ instant: ContinuousClock.Instant, _ token: UInt64) {
            heap.append((instant, token))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].instant < heap[parent].instant else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        /// Takes out the deadlines at or before `now`, earliest first.
        mutating func expired(at now: ContinuousClock.Instant) -> [(instant: ContinuousClock.Instant, token: UInt64)] {
            var expired: [(instant: ContinuousClock.Instant, token: UInt64)] = []
            while let first = heap.first, first.instant <= now {
                expired.append(first)
                removeFirst()
            }
            return expired
        }

        private mutating func removeFirst() {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].instant < heap[smallest].instant { smallest = left }
                if right < heap.count, heap[right].instant < heap[smallest].instant { smallest = right }
                guard smallest != parent else { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
#endif
