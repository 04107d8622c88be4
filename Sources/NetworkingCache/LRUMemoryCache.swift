import Foundation

/// The memory tier: a least-recently-used map from key to bytes, bounded by a total cost.
///
/// Every operation is O(1): entries sit in a doubly-linked list threaded through an array (most
/// recently used at the head), found through a dictionary. A read moves the entry to the head; an
/// insert that goes over the limit evicts from the tail. Not thread-safe by itself: `DataCache`
/// keeps it inside a `Mutex`.
struct LRUMemoryCache {
    private struct Node {
        var key: String
        var value: Data
        var cost: Int
        var previous: Int
        var next: Int
        var generation: UInt64
        var attachment: (any AnyObject & Sendable)?
    }

    /// An entry as a reader sees it: the bytes, what was derived from them, and which write made them.
    struct Entry {
        let value: Data
        let attachment: (any AnyObject & Sendable)?
        let generation: UInt64
    }

    /// The most the entries may cost in total.
    var costLimit: Int { didSet { evict() } }
    /// What the entries cost now: their bytes plus their keys' bytes.
    private(set) var totalCost = 0

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [String: Int] = [:]
    private var head = -1
    private var tail = -1
    private var nextGeneration: UInt64 = 0

    /// Creates an empty cache.
    init(costLimit: Int) { self.costLimit = costLimit }

    /// How many entries there are.
    var count: Int { index.count }

    /// The cost of an entry.
    static func cost(key: String, value: Data) -> Int { value.count + key.utf8.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(forKey key: String) -> Data? {
        entry(forKey: key)?.value
    }

    /// The entry for `key`, which becomes the most recently used.
    mutating func entry(forKey key: String) -> Entry? {
        guard let slot = index[key] else { return nil }
        moveToHead(slot)
        let node = nodes[slot]
        return Entry(value: node.value, attachment: node.attachment, generation: node.generation)
    }

    /// Attaches `object` (something derived from the bytes, such as a decoded response) to the entry
    /// for `key`, if it is still the one written as `generation`. It goes when the entry goes.
    mutating func attach(_ object: any AnyObject & Sendable, toKey key: String, generation: UInt64) {
        guard let slot = index[key], nodes[slot].generation == generation else { return }
        nodes[slot].attachment = object
    }

    /// Whether `key` is present, without changing the order.
    func contains(_ key: String) -> Bool { index[key] != nil }

    /// Inserts or replaces the value for `key` as the most recently used, then evicts from the
    /// tail until the total is within the limit. A value costing more than the limit is not kept.
    mutating func setValue(_ value: Data, forKey key: String) {
        removeValue(forKey: key)
        let cost = Self.cost(key: key, value: value)
        guard cost <= costLimit else { return }
        nextGeneration &+= 1
        let node = Node(
            key: key, value: value, cost: cost, previous: -1, next: head, generation: nextGeneration, attachment: nil)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        index[key] = slot
        totalCost += cost
        evict()
    }

    /// Removes the value for `key`, if any.
    mutating func removeValue(forKey key: String) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= nodes[slot].cost
        nodes[slot].value = Data()
        nodes[slot].key = ""
        nodes[slot].attachment = nil
        free.append(slot)
    }

    /// Removes everything.
    mutating func removeAll() {
        nodes.removeAll()
        free.removeAll()
        index.removeAll()
        head = -1
        tail = -1
        totalCost = 0
    }

    /// The keys from most to least recently used (for tests).
    var keysByRecency: [String] {
        var keys: [String] = []
        var slot = head
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    private mutating func evict() {
        while totalCost > costLimit, tail >= 0 { removeValue(forKey: nodes[tail].key) }
    }

    private mutating func moveToHead(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        nodes[slot].previous = -1
        nodes[slot].next = head
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous
        let next = nodes[slot].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
        nodes[slot].previous = -1
        nodes[slot].next = -1
    }
}
