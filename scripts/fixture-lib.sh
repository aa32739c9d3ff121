# Shared by the make-*-fixtures.sh scripts (sourced, not run): the scratch directory, RSA keys, and the head of
# the `openssl ca` configuration their test CAs use. Needs bash and OpenSSL 3.

# fixture_dirs OUT: recreates OUT empty and makes a scratch directory $WORK, removed when the script exits.
fixture_dirs() {
  OUT=$1
  rm -rf "$OUT"
  mkdir -p "$OUT"
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
}

# genrsa FILE: a new RSA-2048 private key (PKCS#8 PEM).
genrsa() { openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1" 2>/dev/null; }

# ca_config POLICY TEST_CA_LINES POLICY_LINES: the head of an `openssl ca` configuration: a CA database in $WORK
# (SHA-256, no unique subjects, no copied extensions) with extra TEST_CA_LINES, the policy section POLICY,
# a prompt-less [ req ], and [ ext_ca ] for CA certificates. The caller appends its own extension sections.
ca_config() {
  local policy=$1 extra=$2 fields=$3
  cat <<CNF
[ ca ]
default_ca = test_ca

[ test_ca ]
dir = $WORK
database = \$dir/index.txt
serial = \$dir/serial
new_certs_dir = \$dir
default_md = sha256
policy = $policy
${extra}unique_subject = no
copy_extensions = none
email_in_dn = no

[ $policy ]
${fields}
[ req ]
distinguished_name = req_dn
prompt = no
[ req_dn ]
CN = unused

[ ext_ca ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
CNF
}
