/// The same elements, starting `count` places later and wrapping around: each round of a
/// benchmark starts with another client.
extension Array {
    func rotated(by count: Int) -> [Element] {
        guard !isEmpty else { return self }
        let shift = count % self.count
        return Array(self[shift...] + self[..<shift])
    }
}
