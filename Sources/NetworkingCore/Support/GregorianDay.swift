/// A day of the proleptic Gregorian calendar as a count of days from 1970-01-01, the arithmetic behind the
/// timestamps the library reads itself (HTTP dates, ISO-8601 times).
package enum GregorianDay {
    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it). Counts eras of 400 years, each
    /// starting on 1 March, so that a leap day ends its year (H. Hinnant's algorithm).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
