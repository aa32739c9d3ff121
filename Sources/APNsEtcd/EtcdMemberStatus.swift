/// One member's own view of the cluster (`/v3/maintenance/status`).
public struct EtcdMemberStatus: Sendable, Equatable {
    /// The answering member's ID.
    public var memberID: UInt64
    /// The ID of the member it takes for the leader (0: none known).
    public var leaderID: UInt64
    /// etcd's version, "3.4.23".
    public var version: String
    /// The store's revision.
    public var revision: Int64
    /// The Raft term.
    public var raftTerm: Int64

    public init(memberID: UInt64, leaderID: UInt64, version: String, revision: Int64, raftTerm: Int64) {
        self.memberID = memberID
        self.leaderID = leaderID
        self.version = version
        self.revision = revision
        self.raftTerm = raftTerm
    }

    /// Whether the answering member is the leader.
    public var isLeader: Bool { memberID != 0 && memberID == leaderID }
}
