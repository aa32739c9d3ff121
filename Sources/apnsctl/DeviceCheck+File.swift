import APNsCore
import APNsModel
import APNsOperations
import APNsProbe
import ArgumentParser

extension DeviceCheck {
    /// Streams the token file's results (JSON Lines, or a line of text each); malformed lines and tokens read
    /// again are warned about and skipped. A file that held no token is bad input (exit 3).
    func checkFile(_ path: String, request: DeviceCheckRequest, render: DeviceCheckOutput) throws -> DeviceCheckSummary {
        let name = path == "-" ? "stdin" : path
        let lines = try Self.lines(path, name: name)
        let writer = BatchedLineWriter()
        let progress = DeviceCheckProgress()
        let summary = try DeviceClassification.run(request, next: { lines.next() }, event: { warn($0, source: name) },
                                                   classified: { result in
            writer.write(render.line(result, source: name))
            progress.tick()
        })
        writer.flush()
        progress.clear()
        try Self.requireTokens(lines, name: name)
        render.summary(summary, malformed: lines.malformedLines)
        return summary
    }

    /// How many tokens a dry run would check (the file's tokens are counted, malformed lines warned about).
    func dryRunCount() throws -> Int {
        guard let tokenFile else {
            for token in deviceTokens { _ = try Self.parse(token) }
            return deviceTokens.count
        }
        let name = tokenFile == "-" ? "stdin" : tokenFile
        let lines = try Self.lines(tokenFile, name: name)
        var duplicates = DeviceTokenDuplicates()
        var count = 0
        while let entry = lines.next() {
            if let duplicate = duplicates.insert(entry.token, line: entry.line ?? 0) {
                warn(.duplicate(duplicate), source: name)
            } else {
                count += 1
            }
        }
        try Self.requireTokens(lines, name: name)
        return count
    }

    /// The token file's reader: each malformed line warned about, quoted and cut short.
    static func lines(_ path: String, name: String) throws -> DeviceTokenLines {
        try DeviceTokenLines(path: path) { line in
            Console.warn("\(name):\(line.line): \(line.quoted): \(line.problem); line skipped")
        }
    }

    /// Refuses a token file that could not be read to its end, or from which no token was read: empty, comments
    /// only, or every line malformed.
    static func requireTokens(_ lines: DeviceTokenLines, name: String) throws {
        if let cause = lines.readError {
            throw APNsError(.badInput, "\(name): reading stopped after line \(lines.lineNumber): \(cause); the tokens "
                            + "after it were not checked", hint: "check the file and run again")
        }
        guard lines.tokens == 0 else { return }
        let what: String
        if lines.malformedLines > 0 {
            what = "\(lines.malformedLines) malformed line\(lines.malformedLines == 1 ? "" : "s")"
        } else {
            what = lines.lineNumber == 0 ? "the file is empty" : "only blank lines and comments"
        }
        let hint = lines.looksBinary
            ? "the file is not UTF-8 text (UTF-16 or binary): save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8"
            : "give one hex device token a line, as the app logged it"
        throw APNsError(.badInput, "no device token in \(name): \(what)", hint: hint)
    }

    /// Says on stderr what the run did besides classifying: an environment no more asked, a token read again.
    /// `source` is the token file's name; nil for tokens given as arguments.
    func warn(_ event: DeviceCheckEvent, source: String?) {
        switch event {
        case .duplicate(let duplicate):
            if let source {
                Console.warn("\(source):\(duplicate.line): the token of line \(duplicate.firstLine) again; not sent twice")
            } else {
                Console.warn("token \(duplicate.line): the same as token \(duplicate.firstLine); not sent twice")
            }
        case .environmentSkipped(let environment, let skip, let left):
            let why: String
            switch skip {
            case .noCredential(let error):
                why = "no credential for \(environment.rawValue) (\(APNsError.presented(error)?.message ?? "\(error)"))"
            case .credentialRefused(let reason):
                why = "the \(environment.rawValue) server refused the credential (\(reason): a key or certificate "
                    + "for \(environment.other.rawValue) only)"
            }
            guard let left else {
                Console.warn("\(why): no environment is left to ask; the tokens are inconclusive (a credential "
                             + "problem, not a token problem)")
                return
            }
            Console.warn("\(why): \(environment.rawValue) is not asked in this run; tokens are classified in "
                         + "\(left.rawValue) only (a token \(left.rawValue) refuses is not_in_\(left.rawValue)). Pass "
                         + "--env \(left.rawValue) to say so up front")
        }
    }
}

extension CertificateValidityProblem: UserFacingError {
    /// The certificate judge's refusal before a canary, in `probe` and `device check` alike: exit 3, nothing sent.
    var presented: APNsError {
        switch self {
        case .expired(let path, let notAfter, let now):
            return APNsError(.badInput, "\(path): the certificate expired on \(ISO8601Text.string(from: notAfter)) "
                             + "(\(Wording.timeLeft(until: notAfter, now: now))): APNs will refuse it; nothing sent",
                             hint: "renew the push certificate, or use a key: --team or --key-id")
        case .notYetValid(let path, let notBefore):
            return APNsError(.badInput, "\(path): the certificate is not valid before "
                             + "\(ISO8601Text.string(from: notBefore)): APNs will refuse it (or this machine's clock "
                             + "is wrong); nothing sent", hint: "check the clock, or use a key: --team or --key-id")
        }
    }
}

extension DeviceCheckError: UserFacingError {
    var presented: APNsError {
        switch self {
        case .headerListTooLarge(let bytes, let limit):
            return .usage("a canary's headers would take \(bytes) bytes; APNs takes at most \(limit) "
                          + "(SETTINGS_MAX_HEADER_LIST_SIZE) and drops the connection for more; nothing sent",
                          hint: "check --topic: a bundle id is far shorter")
        }
    }
}
