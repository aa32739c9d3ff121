"""httpx (h2, ALPN) against `apnsctl mock serve`: requests aioapns cannot make.

usage: httpx_client.py PORT CA_PEM KEY_P8 KEY_ID TEAM_ID TOPIC DEVICE
Prints one JSON object per scenario: {"name", "status", "reason", "apns_id", "http_version"}.
"""
import json
import sys
import time

import httpx
import jwt


def main():
    port, ca, key_file, key_id, team, topic, device = sys.argv[1:8]
    token = jwt.encode({"iss": team, "iat": int(time.time())}, open(key_file).read(), algorithm="ES256",
                       headers={"kid": key_id})
    url = f"https://127.0.0.1:{port}/3/device/{device}"
    body = b'{"aps":{"alert":"hello from httpx"}}'
    base = {"apns-topic": topic, "apns-push-type": "alert"}
    scenarios = [
        ("missing-token", base),
        ("valid-sandbox-authority", {**base, "authorization": f"bearer {token}", "host": "api.sandbox.push.apple.com"}),
        ("valid-development-authority", {**base, "authorization": f"bearer {token}",
                                         "host": "api.development.push.apple.com:443"}),
        ("uppercase-apns-id", {**base, "authorization": f"bearer {token}",
                               "apns-id": "123E4567-E89B-12D3-A456-4266554400A0"}),
        ("mixed-case-header-names", {"APNS-Topic": topic, "Apns-Push-Type": "alert",
                                     "Authorization": f"bearer {token}"}),
    ]
    with httpx.Client(http2=True, verify=ca, timeout=20) as client:
        for name, headers in scenarios:
            response = client.post(url, headers=headers, content=body)
            reason = response.json().get("reason") if response.content else None
            print(json.dumps({"name": name, "status": response.status_code, "reason": reason,
                              "apns_id": response.headers.get("apns-id"),
                              "http_version": response.http_version}), flush=True)


if __name__ == "__main__":
    main()
