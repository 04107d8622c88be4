// What decoding a 1 MB JSON body costs the main actor: the verbs decode a model whose conformance
// is isolated to the main actor (a model declared plainly in a target whose default isolation is
// `MainActor`) there. Not part of any build; the figure is in the Getting started article.
//
//   swiftc -O -swift-version 6 -default-isolation MainActor Tests/Tools/MainActorDecodeCost/main.swift \
//       -o .build/main-actor-decode-cost && .build/main-actor-decode-cost
import Foundation

struct User: Codable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

let users = (0..<10_300).map {
    User(id: $0, name: "User \($0)", email: "user\($0)@example.com", active: $0 % 2 == 0, score: Double($0) / 7)
}
let body = try JSONEncoder().encode(users)
let decoder = JSONDecoder()
var milliseconds: [Double] = []
for _ in 0..<30 {
    let start = ContinuousClock.now
    let decoded = try decoder.decode([User].self, from: body)
    let elapsed = ContinuousClock.now - start
    precondition(decoded.count == users.count)
    milliseconds.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}
milliseconds.sort()
print(
    String(
        format: "%.2f MB, %d models, on the main actor: median %.1f ms, fastest %.1f ms, slowest %.1f ms (30 runs)",
        Double(body.count) / 1_048_576, users.count, milliseconds[15], milliseconds[0], milliseconds[29]))
