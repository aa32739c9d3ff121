import APNsModel

extension KeyRecord {
    /// The slots this key occupies when active.
    public var slots: [KeySlot] { scope.slots(team: teamID) }
}
