import APNsCore
import Foundation
import Testing

@Suite struct WordingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func days(_ value: Double) -> Date { now.addingTimeInterval(value * 86_400) }

    @Test func countsAgreeWithTheirNumber() {
        #expect(Wording.count(0, "certificate") == "0 certificates")
        #expect(Wording.count(1, "certificate") == "1 certificate")
        #expect(Wording.count(2, "key") == "2 keys")
        #expect(Wording.count(1, "day") == "1 day")
        #expect(Wording.count(3, "entry", "entries") == "3 entries")
    }

    /// Issue 19: 29 days 13 hours left passed `--min-days 30` because days were rounded to the nearest.
    @Test func daysLeftAreFlooredSoAThresholdComparesTheExactTime() {
        #expect(Wording.daysLeft(until: days(9.99), now: now) == 9)
        #expect(Wording.daysLeft(until: days(9.4), now: now) == 9)
        #expect(Wording.daysLeft(until: days(0.5), now: now) == 0)
        #expect(Wording.daysLeft(until: days(-1.6), now: now) == -2)
        #expect(Wording.daysLeft(until: now.addingTimeInterval(-1), now: now) == -1)
        let almost30 = days(29 + 13.0 / 24)
        #expect(Wording.daysLeft(until: almost30, now: now) < 30)
        #expect(Wording.daysLeft(until: days(30), now: now) == 30)
        #expect(Wording.timeLeft(until: almost30, now: now) == "29 days left")
    }

    @Test func timeLeftSaysTodayAndOneDay() {
        #expect(Wording.timeLeft(until: days(9.99), now: now) == "9 days left")
        #expect(Wording.timeLeft(until: days(1.2), now: now) == "1 day left")
        #expect(Wording.timeLeft(until: now.addingTimeInterval(3600), now: now) == "less than a day left")
        #expect(Wording.timeLeft(until: now.addingTimeInterval(-1), now: now) == "expired today")
        #expect(Wording.timeLeft(until: days(-1), now: now) == "expired 1 day ago")
        #expect(Wording.timeLeft(until: days(-30.2), now: now) == "expired 30 days ago")
        #expect(Wording.timeLeft(until: days(-1.6), now: now) == "expired 1 day ago")
        #expect(Wording.daysAgo(0) == "today")
        #expect(Wording.daysAgo(1) == "1 day ago")
        #expect(Wording.daysAgo(12) == "12 days ago")
    }

    /// Issue 29: "only less than a day left" and "expired 3342 days ago (until 2017-10-02…)".
    @Test func tooLittleTimeAndThePastAreWordedByTense() {
        #expect(Wording.only(Wording.timeLeft(until: now.addingTimeInterval(3600), now: now)) == "less than a day left")
        #expect(Wording.only(Wording.timeLeft(until: days(3.5), now: now)) == "only 3 days left")
        #expect(Wording.timeLeft(until: days(3.5), now: now, date: "D") == "3 days left (until D)")
        #expect(Wording.timeLeft(until: days(-3342.2), now: now, date: "2017-10-02") == "expired 3342 days ago (on 2017-10-02)")
        #expect(Wording.timeLeft(until: now.addingTimeInterval(-60), now: now, date: "D") == "expired today (on D)")
    }
}
