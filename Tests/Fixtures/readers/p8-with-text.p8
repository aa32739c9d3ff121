Bag Attributes
    localKeyID: 01 00 00 00
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRSbasFMUN0cE7bni
nNxppCbKD5HK04yQgKvT4M+udDGhRANCAARBv16Q2i8W/jtX6o/iuAs7oh5C5PLd
88WWJCr4F+IOMeWsx5RRx8606v+CH+SGyxcs4+8patsHddU1ZboF/OBt
-----END PRIVATE KEY-----
# pasted from the vault
