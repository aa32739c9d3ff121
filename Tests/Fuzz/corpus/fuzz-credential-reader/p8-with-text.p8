Bag Attributes
    localKeyID: 01 00 00 00
Key Attributes: <No Attributes>
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/Ng+77Jy1+/Fg5sI
4P9NOkY/A76KC9sM3x9wSPWOKNOhRANCAARkBeQXZ7iiG+HRuf8/seA7toUEAEP1
QTM6nvMN/OH9VO9QDpdi05/euIISRJvKtouxcJaTxb17F5xfVSejKwDD
-----END PRIVATE KEY-----
# pasted from the vault
