import Foundation

/// Collects the figures, prints them as tables with ratios to raw URLSession (and, where a section
/// has one, to libcurl's own loop, the floor), checks the targets and writes `bench-results.json`.
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
        /// The client a second ratio column is taken against (libcurl alone), if any.
        var floor: String? = nil
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
    /// Tables printed as they are, after the sections (`addTable`).
    private var tables: [(title: String, lines: [String])] = []

    func begin(
        _ key: String, _ title: String, clients: [(String, String)], baseline: String, subject: String,
        floor: String? = nil
    ) {
        sections.append(
            Section(
                key: key, title: title, clients: clients.map { (key: $0.0, title: $0.1) }, baseline: baseline,
                subject: subject, floor: floor))
        print("… \(title)")
    }

    /// A table laid out by its caller, printed after the sections.
    func addTable(_ title: String, lines: [String]) { tables.append((title, lines)) }

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
            let floorTitle = section.clients.first { $0.key == section.floor }?.title
            if let floorTitle { header.append(pad("\(short(subjectTitle)) / \(short(floorTitle))", 22)) }
            print(header.joined())
            for row in section.rows {
                var line = [pad(row.metric, 28, left: true)]
                line += section.clients.map { pad(format(row.values[$0.key]), 21) }
                if row.showsRatio {
                    line.append(pad(ratio(row, section.baseline, of: section.subject).map(formatRatio) ?? "", 22))
                    if let floor = section.floor {
                        line.append(pad(ratio(row, floor, of: section.subject).map(formatRatio) ?? "", 22))
                    }
                }
                print(line.joined())
            }
            for note in section.notes { print("  note: \(note)") }
        }
        for table in tables {
            print("\n\(table.title)")
            for line in table.lines { print(line) }
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
            var floorRatios: [String: Double] = [:]
            for row in section.rows where row.showsRatio {
                ratios[row.key] = ratio(row, section.baseline, of: section.subject)
                if let floor = section.floor { floorRatios[row.key] = ratio(row, floor, of: section.subject) }
            }
            var json: [String: Any] = [
                "title": section.title, "baseline": section.baseline, "subject": section.subject,
                "clients": clients, "ratios": ratios, "notes": section.notes,
            ]
            if let floor = section.floor {
                json["floor"] = floor
                json["floorRatios"] = floorRatios
            }
            sectionsJSON[section.key] = json
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

    /// `subject`'s value over `base`'s in `row`, when both are there.
    private func ratio(_ row: Row, _ base: String, of subject: String) -> Double? {
        guard let value = row.values[subject], let baseValue = row.values[base], baseValue != 0 else { return nil }
        return value / baseValue
    }

    private func formatRatio(_ value: Double) -> String { String(format: "%.2f×", value) }

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
