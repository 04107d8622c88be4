import Foundation

/// Collects the figures, prints them as tables with ratios to raw URLSession, checks the targets
/// and writes `bench-results.json`.
@MainActor
final class Report {
    /// A measured quantity for several clients.
    struct Row {
        let metric: String
        let key: String
        let values: [String: Double]
        /// Whether the ratio column is printed (not for figures that are already ratios).
        let showsRatio: Bool
    }

    /// A group of rows measured together.
    struct Section {
        let key: String
        let title: String
        let clients: [(key: String, title: String)]
        /// The client ratios are taken against, and the one they are taken of.
        let baseline: String
        let subject: String
        var rows: [Row] = []
        var notes: [String] = []
    }

    /// A performance goal, checked against the figures of the same run.
    struct Target {
        let name: String
        let value: Double
        let limit: Double
        let atMost: Bool
        let unit: String

        var met: Bool { atMost ? value <= limit : value >= limit }
    }

    private(set) var sections: [Section] = []
    private(set) var targets: [Target] = []
    private var extra: [String: Any] = [:]

    func begin(_ key: String, _ title: String, clients: [(String, String)], baseline: String, subject: String) {
        sections.append(
            Section(
                key: key, title: title, clients: clients.map { (key: $0.0, title: $0.1) }, baseline: baseline,
                subject: subject))
        print("… \(title)")
    }

    func add(_ metric: String, key: String, _ values: [String: Double], showsRatio: Bool = true) {
        sections[sections.count - 1].rows.append(Row(metric: metric, key: key, values: values, showsRatio: showsRatio))
    }

    func note(_ text: String) { sections[sections.count - 1].notes.append(text) }

    func target(_ name: String, value: Double, atMost limit: Double, unit: String = "×") {
        targets.append(Target(name: name, value: value, limit: limit, atMost: true, unit: unit))
    }

    func target(_ name: String, value: Double, atLeast limit: Double, unit: String = "×") {
        targets.append(Target(name: name, value: value, limit: limit, atMost: false, unit: unit))
    }

    func set(_ key: String, _ value: Any) { extra[key] = value }

    // MARK: - Output

    func printTables() {
        for section in sections {
            print("\n\(section.title)")
            let subjectTitle = section.clients.first { $0.key == section.subject }?.title ?? section.subject
            let baselineTitle = section.clients.first { $0.key == section.baseline }?.title ?? section.baseline
            var header = [pad("", 28, left: true)]
            header += section.clients.map { pad($0.title, 21) }
            header.append(pad("\(short(subjectTitle)) / \(short(baselineTitle))", 22))
            print(header.joined())
            for row in section.rows {
                var line = [pad(row.metric, 28, left: true)]
                line += section.clients.map { pad(format(row.values[$0.key]), 21) }
                if row.showsRatio, let subject = row.values[section.subject], let base = row.values[section.baseline],
                    base != 0
                {
                    line.append(pad(String(format: "%.2f×", subject / base), 22))
                }
                print(line.joined())
            }
            for note in section.notes { print("  note: \(note)") }
        }
        print("\nTargets")
        for target in targets {
            let comparison = target.atMost ? "≤" : "≥"
            let mark = target.met ? "✓" : "✗"
            print(
                "  \(mark) \(pad(target.name, 56, left: true)) \(format(target.value))\(target.unit) "
                    + "(target \(comparison) \(format(target.limit))\(target.unit))")
        }
    }

    func json(machine: [String: Any]) -> [String: Any] {
        var sectionsJSON: [String: Any] = [:]
        for section in sections {
            var clients: [String: [String: Double]] = [:]
            for row in section.rows {
                for (client, value) in row.values { clients[client, default: [:]][row.key] = value }
            }
            var ratios: [String: Double] = [:]
            for row in section.rows where row.showsRatio {
                if let subject = row.values[section.subject], let base = row.values[section.baseline], base != 0 {
                    ratios[row.key] = subject / base
                }
            }
            sectionsJSON[section.key] = [
                "title": section.title, "baseline": section.baseline, "subject": section.subject,
                "clients": clients, "ratios": ratios, "notes": section.notes,
            ]
        }
        let targetsJSON = targets.map {
            ["name": $0.name, "value": $0.value, "limit": $0.limit, "atMost": $0.atMost, "met": $0.met] as [String: Any]
        }
        var result: [String: Any] = [
            "schema": 1, "date": ISO8601DateFormatter().string(from: Date()), "machine": machine,
            "sections": sectionsJSON, "targets": targetsJSON,
        ]
        for (key, value) in extra { result[key] = value }
        return result
    }

    private func format(_ value: Double?) -> String {
        guard let value else { return "—" }
        if value.magnitude >= 1000 { return String(format: "%.0f", value) }
        if value.magnitude >= 100 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    private func short(_ title: String) -> String { String(title.split(separator: " ").first ?? "") }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let count = text.count
        guard count < width else { return " " + text }
        let space = String(repeating: " ", count: width - count)
        return left ? text + space : space + text
    }
}
