// The domain's words, with no I/O: identifiers (team, key, bundle id, topic), environments, push types, key scopes
// and the slot rule's words, APNs's reasons. Every other module may import this one; it imports none of them.
