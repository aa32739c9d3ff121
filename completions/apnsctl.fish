function __apnsctl_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __apnsctl_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __apnsctl_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __apnsctl_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __apnsctl_parse_tokens -S
    set -l unparsed_tokens (__apnsctl_tokens -pc)
    switch $unparsed_tokens[1]
    case 'apnsctl'
        __apnsctl_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'cert'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'inspect'
                __apnsctl_parse_subcommand -r 1 'password-file=' 'password-env=' 'identity=' 'friendly-name=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'convert'
                __apnsctl_parse_subcommand -r 1 'to=' 'out=' 'out-dir=' 'force' 'encrypt-key' 'no-key' 'key-only' 'chain' 'no-chain' 'legacy' 'password-file=' 'password-env=' 'identity=' 'friendly-name=' 'out-password-file=' 'out-password-env=' 'format=' 'version' 'h/help'
            case 'verify'
                __apnsctl_parse_subcommand 1 'topic=+' 'env=' 'min-days=' 'cert-key=' 'ca=' 'at=' 'password-file=' 'password-env=' 'identity=' 'friendly-name=' 'format=' 'version' 'h/help'
            case 'import'
                __apnsctl_parse_subcommand 1 'password-file=' 'password-env=' 'identity=' 'friendly-name=' 'ca=+' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'request'
                __apnsctl_parse_subcommand 0 'out=' 'force' 'email=' 'common-name=' 'country=' 'bundle-id=' 'env=' 'team=' 'list' 'discard=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'join'
                __apnsctl_parse_subcommand 1 'ca=+' 'out=' 'to=' 'legacy' 'force' 'strict' 'out-password-file=' 'out-password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'key'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'import'
                __apnsctl_parse_subcommand 1 'from-env=' 'team=' 'key-id=' 'env=' 'topics=' 'team-scoped' 'related-key=' 'encrypt' 'password-file=' 'password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'generate'
                __apnsctl_parse_subcommand 0 'team=' 'key-id=' 'env=' 'topics=' 'team-scoped' 'related-key=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'list'
                __apnsctl_parse_subcommand 0 'team=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'inspect'
                __apnsctl_parse_subcommand 1 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'export-public'
                __apnsctl_parse_subcommand 1 'out=' 'force' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'rotate'
                __apnsctl_parse_subcommand 0 'team=' 'to-key=+' 'grace=' 'allow-gap' 'probe' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'device-token=' 'topic=+' 'push-type=' 'priority=' 'payload=' 'password-file=' 'password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'discover'
                __apnsctl_parse_subcommand 1 'dry-run' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'device-token=' 'topic=+' 'push-type=' 'priority=' 'payload=' 'password-file=' 'password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'scope'
                __apnsctl_parse_subcommand 1 'env=' 'topics=' 'team-scoped' 'related-key=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'revoke'
                __apnsctl_parse_subcommand 1 'allow-active' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'purge'
                __apnsctl_parse_subcommand 1 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'asc'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'key'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
                switch $unparsed_tokens[1]
                case 'import'
                    __apnsctl_parse_subcommand 1 'issuer=' 'individual' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
                case 'list'
                    __apnsctl_parse_subcommand 0 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
                end
            case 'token'
                __apnsctl_parse_subcommand 0 'asc-key=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'keystore'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __apnsctl_parse_subcommand 1 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'status'
                __apnsctl_parse_subcommand 0 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'min-days=' 'ca=+' 'format=' 'version' 'h/help'
            case 'audit'
                __apnsctl_parse_subcommand 0 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'since=' 'format=' 'version' 'h/help'
            case 'copy'
                __apnsctl_parse_subcommand 0 'from-keystore=' 'to-keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'fix-permissions'
                __apnsctl_parse_subcommand 0 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'profile'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'inspect'
                __apnsctl_parse_subcommand -r 1 'ca=+' 'format=' 'version' 'h/help'
            case 'verify'
                __apnsctl_parse_subcommand 1 'env=' 'bundle-id=' 'cert=' 'min-days=' 'ca=+' 'at=' 'password-file=' 'password-env=' 'format=' 'version' 'h/help'
            case 'fetch'
                __apnsctl_parse_subcommand 0 'bundle-id=' 'type=' 'out=' 'name=' 'ca=+' 'asc-key=' 'asc-url=' 'cacert=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'renew'
                __apnsctl_parse_subcommand 0 'bundle-id=' 'type=' 'out=' 'min-days=' 'replace' 'ca=+' 'asc-key=' 'asc-url=' 'cacert=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'list'
                __apnsctl_parse_subcommand 0 'bundle-id=' 'type=' 'asc-key=' 'asc-url=' 'cacert=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'expiry'
            __apnsctl_parse_subcommand -r 1 'min-days=' 'out=' 'no-keystore' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'password-file=' 'password-env=' 'ca=+' 'format=' 'version' 'h/help'
        case 'token'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'issue'
                __apnsctl_parse_subcommand 0 'team=' 'key-id=' 'env=' 'topic=+' 'refresh-after=' 'password-file=' 'password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'inspect'
                __apnsctl_parse_subcommand 1 'key=' 'key-id=' 'decode-only' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'agent'
                __apnsctl_parse_subcommand 0 'out-dir=' 'group=' 'metrics=' 'sign' 'refresh-after=' 'once' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            end
        case 'probe'
            __apnsctl_parse_subcommand 0 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'device-token=' 'topic=+' 'push-type=' 'priority=' 'payload=' 'count=' 'interval=' 'channels' 'format=' 'out=' 'version' 'h/help'
        case 'payload'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __apnsctl_parse_subcommand 1 'topic=+' 'push-type=' 'priority=' 'expiration=' 'collapse-id=' 'strict' 'requests=' 'format=' 'version' 'h/help'
            end
        case 'app'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __apnsctl_parse_subcommand 1 'team=' 'profile=+' 'cert=+' 'ca=+' 'device-token=+' 'push-type=+' 'min-days=' 'probe' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'apple' 'asc-key=' 'asc-url=' 'password-file=' 'password-env=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
            case 'push'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
                switch $unparsed_tokens[1]
                case 'status'
                    __apnsctl_parse_subcommand 1 'asc-key=' 'asc-url=' 'cacert=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
                case 'enable'
                    __apnsctl_parse_subcommand 1 'dry-run' 'asc-key=' 'asc-url=' 'cacert=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
                end
            end
        case 'channel'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'create'
                __apnsctl_parse_subcommand 0 'topic=+' 'format=' 'storage=' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'version' 'h/help'
            case 'list'
                __apnsctl_parse_subcommand 0 'topic=+' 'format=' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'version' 'h/help'
            case 'inspect'
                __apnsctl_parse_subcommand 1 'topic=+' 'format=' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'version' 'h/help'
            case 'delete'
                __apnsctl_parse_subcommand 1 'topic=+' 'format=' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'version' 'h/help'
            end
        case 'device'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'check'
                __apnsctl_parse_subcommand -r 1 'tokens=' 'topic=+' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'team=' 'key-id=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'token-file=' 'token-env=' 'cert=' 'password-file=' 'password-env=' 'first=' 'concurrency=' 'dry-run' 'format=' 'version' 'h/help'
            end
        case 'mock'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'serve'
                __apnsctl_parse_subcommand 0 'host=' 'port=' 'tls-cert=' 'tls-key=' 'ca-out=' 'force' 'env=' 'environment=' 'device=+' 'unregistered=+' 'trust-key=+' 'bad-environment-reason=' 'team=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'client-ca=' 'token-update-interval=' 'max-streams-before-success=' 'no-stream-throttle' 'threads=' 'channels-port=' 'channel-limit=' 'broadcast-disabled=+' 'format=' 'version' 'h/help'
            case 'asc'
                __apnsctl_parse_subcommand 0 'host=' 'port=' 'ca-out=' 'force' 'state=' 'log=' 'trust-asc-key=+' 'fault=+' 'tls-cert=' 'tls-key=' 'format=' 'version' 'h/help'
            end
        case 'doctor'
            __apnsctl_parse_subcommand 0 'min-days=' 'format=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'ca=+' 'env=' 'host=' 'port=' 'target=+' 'cacert=' 'timeout=' 'version' 'h/help'
        case 'exporter'
            __apnsctl_parse_subcommand 0 'config=' 'listen=' 'token-dir=' 'keystore=' 'etcd-cacert=' 'etcd-cert=' 'etcd-key=' 'etcd-user=' 'etcd-password-file=' 'kek-file=' 'lock-timeout=' 'format=' 'version' 'h/help'
        case 'demo'
            __apnsctl_parse_subcommand 0 'keep=' 'format=' 'version' 'h/help'
        case 'help'
            __apnsctl_parse_subcommand -r 1 'version'
        end
    end
end

function __apnsctl_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __apnsctl_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __apnsctl_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __apnsctl_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__apnsctl_tokens -p)
    if test -z "$(__apnsctl_tokens -t)"
        set -l index (count (__apnsctl_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'apnsctl' -f
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'cert' -d 'Inspect, convert, verify, import APNs certificates (.p12, PEM, DER); request and join new ones.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'key' -d 'Manage .p8 signing keys: import, generate, rotate, discover, scope, revoke, purge.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'asc' -d 'App Store Connect API keys and tokens: import, list, token.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'keystore' -d 'Create, check and audit the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'profile' -d 'Inspect, verify, fetch and renew provisioning profiles (.mobileprovision, .provisionprofile).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'expiry' -d 'List when every credential expires: keystore, certificates, .p12, profiles, .p8 keys.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'token' -d 'Issue (cached) and inspect ES256 provider tokens; keep a fleet\'s token files fresh.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'probe' -d 'Send a canary push over HTTP/2 and explain the answer.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'payload' -d 'Check push requests offline: what APNs would answer, and what Apple advises against.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'app' -d 'Check that an app can receive pushes in each environment, and with which credential.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'channel' -d 'Create, list, inspect and delete broadcast push channels (Live Activities).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'device' -d 'Check device tokens: which environment each belongs to, and what it means.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'mock' -d 'Run local stand-ins for APNs (serve) and App Store Connect (asc) that validate like the real ones.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'doctor' -d 'Check this machine and keystore for what apnsctl and APNs need.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'exporter' -d 'Serve APNs canaries, credential expiry and token ages to Prometheus (/metrics, /healthz).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'demo' -d 'Walk through the whole product offline against a local APNs, provisioning included.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'inspect' -d 'Show what certificate files hold: subject, validity, fingerprints, environments, topics, key.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'convert' -d 'Convert between PKCS#12, PEM and DER (one file, or many into --out-dir).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'verify' -d 'Check a certificate for APNs: expiry, environment, topics, key, chain, client auth.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'import' -d 'Store a client certificate and its private key (.p12, or PEM with the key) in the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'request' -d 'Make a certificate signing request for an APNs certificate; the key waits in the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'join' -d 'Join the certificate Apple returns (.cer) with the key of its pending request, into the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert inspect" -ge 1' -fa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" identity' -l 'identity' -d 'In a .p12 holding several identities, read the Nth (its Nth private key and that key\'s certificate; from 1).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" friendly-name' -l 'friendly-name' -d 'In a .p12 holding several identities, read the one whose certificate has this friendly name (as Keychain shows it).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert convert" -ge 1' -fa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" to' -l 'to' -d 'Target encoding: pem, p12 or der.' -rfka 'pem p12 der'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" out-dir' -l 'out-dir' -d 'Write each output into DIR, named after its input.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" encrypt-key' -l 'encrypt-key' -d 'PEM output: encrypt the key as PKCS#8 (AES-256-CBC, PBKDF2).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" no-key' -l 'no-key' -d 'Leave the private key out.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" key-only' -l 'key-only' -d 'Write only the private key.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" chain' -l 'chain' -d 'Write the chain certificates after the leaf (--chain), or the leaf alone (--no-chain).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" no-chain' -l 'no-chain' -d 'Write the chain certificates after the leaf (--chain), or the leaf alone (--no-chain).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" legacy' -l 'legacy' -d 'p12 output: RC2-40/3DES/SHA-1 for older macOS Keychain import.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" identity' -l 'identity' -d 'In a .p12 holding several identities, read the Nth (its Nth private key and that key\'s certificate; from 1).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" friendly-name' -l 'friendly-name' -d 'In a .p12 holding several identities, read the one whose certificate has this friendly name (as Keychain shows it).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" out-password-file' -l 'out-password-file' -d 'Read the output password from the first line of FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" out-password-env' -l 'out-password-env' -d 'Read the output password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert verify" -eq 1' -fa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion cert verify -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" cert-key key' -l 'cert-key' -l 'key' -d 'The certificate\'s private key, when the file holds none (--key is its old spelling).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" ca' -l 'ca' -d 'CA certificates (PEM) the chain must verify against instead of Apple\'s: a test or private CA.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" at' -l 'at' -d 'Judge validity at this time (ISO 8601) instead of now.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" identity' -l 'identity' -d 'In a .p12 holding several identities, read the Nth (its Nth private key and that key\'s certificate; from 1).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" friendly-name' -l 'friendly-name' -d 'In a .p12 holding several identities, read the one whose certificate has this friendly name (as Keychain shows it).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert import" -eq 1' -fa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" identity' -l 'identity' -d 'In a .p12 holding several identities, read the Nth (its Nth private key and that key\'s certificate; from 1).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" friendly-name' -l 'friendly-name' -d 'In a .p12 holding several identities, read the one whose certificate has this friendly name (as Keychain shows it).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" email' -l 'email' -d 'Subject emailAddress (default: $USER@hostname).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" common-name' -l 'common-name' -d 'Subject CN (default: the bundle id, else "apnsctl push certificate").' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" country' -l 'country' -d 'Subject C, two letters.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" bundle-id' -l 'bundle-id' -d 'Note: the app the certificate is for.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" env' -l 'env' -d 'Note: development (Sandbox certificate) or production (Sandbox & Production).' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion cert request -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" list' -l 'list' -d 'List the pending requests instead.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" discard' -l 'discard' -d 'Remove the pending request ID and its key.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert request" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert join" -eq 1' -fa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" to' -l 'to' -d 'Export encoding: p12 or pem.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" legacy' -l 'legacy' -d 'p12 export: RC2-40/3DES/SHA-1 for older macOS Keychain import.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" strict' -l 'strict' -d 'Refuse (exit 3) a certificate whose bundle id, environment or team differs from the request\'s notes.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" out-password-file' -l 'out-password-file' -d 'Read the output password from the first line of FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" out-password-env' -l 'out-password-env' -d 'Read the output password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert join" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'import' -d 'Import a .p8 signing key (EC P-256) into the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'generate' -d 'Make a new P-256 signing key for the mock server and tests (not registered with Apple).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'list' -d 'List the keystore\'s signing keys with their state and scope.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'inspect' -d 'Show one key: team, state, scope, dates, last use, public key fingerprint.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'export-public' -d 'Print (or write) a key\'s public key as PEM.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'rotate' -d 'Make keys active in the slots they cover and retire the keys active there, in one atomic step.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'discover' -d 'Learn a key\'s environments (and topics) from APNs\'s answers and record them.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'scope' -d 'Correct the scope recorded for a key: its environment, topics and related key.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'revoke' -d 'Mark a key revoked (after revoking it in Apple\'s portal) and drop every token it signed.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'purge' -d 'Remove a revoked key\'s material (overwritten, then unlinked); its audit entries and its tombstone stay.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key import" -eq 1' -fa '(set -l exts \'p8\' \'pem\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" from-env' -l 'from-env' -d 'Read the key from environment variable NAME instead of a file.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion key import -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" key-id' -l 'key-id' -d 'The 10-character key id.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" env' -l 'env' -d 'The key\'s environment as chosen in Apple\'s portal: development (Sandbox), production, or both.' -rfka 'development production both'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" topics' -l 'topics' -d 'A topic-specific key\'s topics, comma-separated (at most 400; needs --env development or production).' -rfka '(__apnsctl_custom_completion ---completion key import -- --topics (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" team-scoped' -l 'team-scoped' -d 'The key is team-scoped: every topic of the team (the default with --env).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" related-key' -l 'related-key' -d 'A topic-specific key\'s related key, whose tokens may share its connections.' -rfka '(__apnsctl_custom_completion ---completion key import -- --related-key (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" encrypt' -l 'encrypt' -d 'Store the key encrypted (encrypted PKCS#8).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion key generate -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" key-id' -l 'key-id' -d 'The 10-character key id.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" env' -l 'env' -d 'The key\'s environment as chosen in Apple\'s portal: development (Sandbox), production, or both.' -rfka 'development production both'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" topics' -l 'topics' -d 'A topic-specific key\'s topics, comma-separated (at most 400; needs --env development or production).' -rfka '(__apnsctl_custom_completion ---completion key generate -- --topics (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" team-scoped' -l 'team-scoped' -d 'The key is team-scoped: every topic of the team (the default with --env).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" related-key' -l 'related-key' -d 'A topic-specific key\'s related key, whose tokens may share its connections.' -rfka '(__apnsctl_custom_completion ---completion key generate -- --related-key (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion key list -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key inspect" -eq 1' -fka '(__apnsctl_custom_completion ---completion key inspect -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key export-public" -eq 1' -fka '(__apnsctl_custom_completion ---completion key export-public -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion key rotate -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate"' -l 'to-key' -l 'to' -d 'A key to make active (staged or retired); repeat for several slots (--to is its old spelling).' -rfka '(__apnsctl_custom_completion ---completion key rotate -- --to-key (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" grace' -l 'grace' -d 'Minutes the retired keys still verify tokens.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" allow-gap' -l 'allow-gap' -d 'Rotate even when a slot of a retired key is left without an active key.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" probe' -l 'probe' -d 'First send a canary push signed by each new key; rotate only when APNs accepts every one.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" device-token' -l 'device-token' -d 'A real device\'s token (hex). Without it a dummy token is used.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion key rotate -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" push-type' -l 'push-type' -d 'apns-push-type (default: voip with a VoIP Services certificate, else background).' -rfka 'alert background voip complication fileprovider mdm liveactivity location pushtotalk widgets'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" priority' -l 'priority' -d 'apns-priority: 10, 5 or 1 (default 5 for background, 10 otherwise).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" payload' -l 'payload' -d 'The payload: JSON text, or @FILE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key discover" -eq 1' -fka '(__apnsctl_custom_completion ---completion key discover -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" dry-run' -l 'dry-run' -d 'Probe and print what would be recorded; change nothing.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" device-token' -l 'device-token' -d 'A real device\'s token (hex). Without it a dummy token is used.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion key discover -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" push-type' -l 'push-type' -d 'apns-push-type (default: voip with a VoIP Services certificate, else background).' -rfka 'alert background voip complication fileprovider mdm liveactivity location pushtotalk widgets'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" priority' -l 'priority' -d 'apns-priority: 10, 5 or 1 (default 5 for background, 10 otherwise).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" payload' -l 'payload' -d 'The payload: JSON text, or @FILE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key discover" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key scope" -eq 1' -fka '(__apnsctl_custom_completion ---completion key scope -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" env' -l 'env' -d 'The key\'s environment as chosen in Apple\'s portal: development (Sandbox), production, or both.' -rfka 'development production both'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" topics' -l 'topics' -d 'A topic-specific key\'s topics, comma-separated (at most 400; needs --env development or production).' -rfka '(__apnsctl_custom_completion ---completion key scope -- --topics (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" team-scoped' -l 'team-scoped' -d 'The key is team-scoped: every topic of the team (the default with --env).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" related-key' -l 'related-key' -d 'A topic-specific key\'s related key, whose tokens may share its connections.' -rfka '(__apnsctl_custom_completion ---completion key scope -- --related-key (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key scope" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key revoke" -eq 1' -fka '(__apnsctl_custom_completion ---completion key revoke -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" allow-active force' -l 'allow-active' -l 'force' -d 'Revoke even an active key (its slots then cannot sign until a rotation; --force is its old spelling).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key purge" -eq 1' -fka '(__apnsctl_custom_completion ---completion key purge -- positional@0 (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl asc" -eq 1' -fa 'key' -d 'Import and list App Store Connect API keys (revoke and purge: apnsctl key revoke|purge).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl asc" -eq 1' -fa 'token' -d 'Print an App Store Connect API token (a bearer secret: standard output only).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl asc key" -eq 1' -fa 'import' -d 'Import an App Store Connect API key (.p8): a team key with --issuer, or --individual.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl asc key" -eq 1' -fa 'list' -d 'List the keystore\'s App Store Connect API keys with their kind and issuer.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl asc key import" -eq 1' -fa '(set -l exts \'p8\' \'pem\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" issuer' -l 'issuer' -d 'The team key\'s issuer id (a UUID).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" individual' -l 'individual' -d 'An individual key (no issuer id).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" key-id' -l 'key-id' -d 'The 10-character key id.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc key list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" asc-key' -l 'asc-key' -d 'The App Store Connect key (default: the keystore\'s only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl asc token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'init' -d 'Create a keystore (directory 0700, manifest, audit log), or a fleet keystore in etcd.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'status' -d 'Keys, certificates and pending requests with state and age; exit 1 if a certificate expires soon.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'audit' -d 'Show the keystore\'s audit log (who did what, when; never a secret).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'copy' -d 'Copy every key, certificate and pending request from one keystore to another (directory or etcd).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'fix-permissions' -d 'Set the keystore\'s directories to 0700 and its files to 0600.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore init" -eq 1' -fa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" since' -l 'since' -d 'Only entries from this time on: an ISO 8601 time or day (2026-11-24), or a duration ago (90m, 24h, 7d).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" from from-keystore' -l 'from-keystore' -l 'from' -d 'The keystore to copy from (--from is its old spelling).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" to to-keystore' -l 'to-keystore' -l 'to' -d 'The keystore to copy into (--to is its old spelling).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding a keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore copy" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile" -eq 1' -fa 'inspect' -d 'Show a provisioning profile: app id, team, dates, aps-environment, devices, certificates, signature.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile" -eq 1' -fa 'verify' -d 'Check a provisioning profile: signature, expiry, aps-environment, bundle id, push certificate.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile" -eq 1' -fa 'fetch' -d 'Download an App ID\'s provisioning profiles of one type from App Store Connect, judged first.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile" -eq 1' -fa 'renew' -d 'Make again the profiles of an App ID that lack aps-environment, are not ACTIVE or expire soon.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile" -eq 1' -fa 'list' -d 'List the team\'s provisioning profiles on App Store Connect, with their aps-environment.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile inspect" -ge 1' -fa '(set -l exts \'mobileprovision\' \'provisionprofile\' \'plist\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile inspect"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile inspect" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl profile verify" -eq 1' -fa '(set -l exts \'mobileprovision\' \'provisionprofile\' \'plist\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" bundle-id' -l 'bundle-id' -d 'A bundle id the profile\'s app id must cover.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" cert' -l 'cert' -d 'The push certificate the provider uses (PEM, DER or .p12).' -rfa '(set -l exts \'p12\' \'pfx\' \'pem\' \'cer\' \'der\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" at' -l 'at' -d 'Judge expiry at this time (ISO 8601) instead of now.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" bundle-id' -l 'bundle-id' -d 'The App ID\'s bundle identifier (exact).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" type' -l 'type' -d 'The profile type, e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" out' -l 'out' -d 'The directory the files are written to (created when missing).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" name' -l 'name' -d 'Only the profile of this name.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" cacert' -l 'cacert' -d 'CA certificate(s) to trust for --asc-url (PEM), instead of the system\'s.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile fetch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" bundle-id' -l 'bundle-id' -d 'The App ID\'s bundle identifier (exact).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" type' -l 'type' -d 'The profile type, e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" out' -l 'out' -d 'The directory the files are written to (created when missing).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" replace' -l 'replace' -d 'Delete each old profile (first: the new one then keeps its name).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" cacert' -l 'cacert' -d 'CA certificate(s) to trust for --asc-url (PEM), instead of the system\'s.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile renew" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" bundle-id' -l 'bundle-id' -d 'Only this App ID\'s profiles (exact bundle id).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" type' -l 'type' -d 'Only profiles of this type, e.g. IOS_APP_DEVELOPMENT, IOS_APP_STORE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" cacert' -l 'cacert' -d 'CA certificate(s) to trust for --asc-url (PEM), instead of the system\'s.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl profile list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl expiry" -ge 1' -F
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" no-keystore' -l 'no-keystore' -d 'Leave the keystore out.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" format' -l 'format' -d 'Output format: text, json or prometheus.' -rfka 'text json prometheus'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl expiry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl token" -eq 1' -fa 'issue' -d 'Print the team\'s provider token for `authorization: bearer …` (cached, shared by every process).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl token" -eq 1' -fa 'inspect' -d 'Decode a provider token: header, claims, age, and whether APNs would accept it.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl token" -eq 1' -fa 'agent' -d 'Keep DIR/TEAM-ENV.token files fresh from a fleet keystore\'s shared tokens (etcd), for sender hosts.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion token issue -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key (an active or staged key: retired and revoked keys never sign).' -rfka '(__apnsctl_custom_completion ---completion token issue -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion token issue -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" refresh-after' -l 'refresh-after' -d 'Re-sign when the cached token is this old: 20 to 59 minutes.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" key' -l 'key' -d 'Verify with this key file (PEM public key, or a .p8).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" key-id' -l 'key-id' -d 'Verify with this keystore key.' -rfka '(__apnsctl_custom_completion ---completion token inspect -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" decode-only' -l 'decode-only' -d 'Only decode the token: no signature check and no verdict (exit 0).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" out out-dir' -l 'out-dir' -l 'out' -d 'The directory of the token files (created 0750; --out is its old spelling).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" group' -l 'group' -d 'Give the token files (0640) to this group: the one the sender runs as.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" metrics' -l 'metrics' -d 'Write the agent\'s state as Prometheus text to this file (node_exporter\'s textfile collector).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" sign' -l 'sign' -d 'Also sign: keep every active key\'s token fresh (needs the key-encryption key).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" refresh-after' -l 'refresh-after' -d 'With --sign, re-sign a token this old: 20 to 59 minutes.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" once' -l 'once' -d 'Read the tokens, write the files (and sign) once, then exit.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token agent" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion probe -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion probe -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" device-token' -l 'device-token' -d 'A real device\'s token (hex). Without it a dummy token is used.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion probe -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" push-type' -l 'push-type' -d 'apns-push-type (default: voip with a VoIP Services certificate, else background).' -rfka 'alert background voip complication fileprovider mdm liveactivity location pushtotalk widgets'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" priority' -l 'priority' -d 'apns-priority: 10, 5 or 1 (default 5 for background, 10 otherwise).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" payload' -l 'payload' -d 'The payload: JSON text, or @FILE.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" count' -l 'count' -d 'Canaries to send: concurrent streams on one connection, or rounds with --interval.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" interval' -l 'interval' -d 'Seconds between rounds (with --count): a bounded watch loop.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" channels' -l 'channels' -d 'Check the broadcast channel management host (read-only: list the --topic app\'s channels).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" format' -l 'format' -d 'Output format: text, json or prometheus.' -rfka 'text json prometheus'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" out' -l 'out' -d 'Write the result to FILE instead of standard output.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl payload" -eq 1' -fa 'check' -d 'Predict APNs\'s answer to a push request (headers and payload) and warn about Apple\'s advice.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion payload check -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" push-type' -l 'push-type' -d 'apns-push-type (absent: APNs infers it from the topic).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" priority' -l 'priority' -d 'apns-priority: 10, 5 or 1.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" expiration' -l 'expiration' -d 'apns-expiration: unix seconds (0: deliver once).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" collapse-id' -l 'collapse-id' -d 'apns-collapse-id (at most 64 bytes).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" strict' -l 'strict' -d 'Fail (exit 1) on warnings too.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" requests' -l 'requests' -d 'Check every request of a JSON Lines file (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl payload check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl app" -eq 1' -fa 'check' -d 'Is this app ready to receive pushes in each environment, and with which credential?'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl app" -eq 1' -fa 'push' -d 'Show or enable an App ID\'s Push Notifications on App Store Connect, with its profiles.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion app check -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'profile' -d 'A provisioning profile of the app; repeat for each (development, distribution).' -rfa '(set -l exts \'mobileprovision\' \'provisionprofile\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'cert' -d 'A push certificate of the app (.p12, or PEM with its key for --probe); repeat for each.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'device-token' -d 'A device token of the app (hex); repeat for each.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'push-type' -d 'A push type the app uses besides alert and those its certificates name; repeat for each.' -rfka 'alert background voip complication fileprovider mdm liveactivity location pushtotalk widgets'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" probe' -l 'probe' -d 'Confirm each row with a silent canary through its credential (and classify each --device-token).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" apple' -l 'apple' -d 'Ask App Store Connect too: the App ID, its Push Notifications capability and Apple\'s profiles.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl app push" -eq 1' -fa 'status' -d 'Show an App ID\'s Push Notifications capability and its profiles on App Store Connect.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl app push" -eq 1' -fa 'enable' -d 'Enable Push Notifications on an App ID (App Store Connect) and name the profiles to renew.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" cacert' -l 'cacert' -d 'CA certificate(s) to trust for --asc-url (PEM), instead of the system\'s.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" dry-run' -l 'dry-run' -d 'Say what would be done; change nothing.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" asc-key' -l 'asc-key' -d 'The App Store Connect API key in the keystore (default: its only one).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" asc-url' -l 'asc-url' -d 'The App Store Connect API server (default: https://api.appstoreconnect.apple.com).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" cacert' -l 'cacert' -d 'CA certificate(s) to trust for --asc-url (PEM), instead of the system\'s.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl app push enable" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl channel" -eq 1' -fa 'create' -d 'Create a broadcast channel and print its id.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl channel" -eq 1' -fa 'list' -d 'List an app\'s broadcast channel ids, one a line.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl channel" -eq 1' -fa 'inspect' -d 'Show a broadcast channel\'s configuration.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl channel" -eq 1' -fa 'delete' -d 'Delete a broadcast channel.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion channel create -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" storage' -l 'storage' -d 'What APNs stores for offline devices: none or most-recent.' -rfka 'none most-recent'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion channel create -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion channel create -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel create" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion channel list -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion channel list -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion channel list -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion channel inspect -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion channel inspect -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion channel inspect -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion channel delete -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion channel delete -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion channel delete -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl channel delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl device" -eq 1' -fa 'check' -d 'Which environment each device token belongs to (a silent canary, never an alert).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" tokens' -l 'tokens' -d 'Read the tokens from FILE, one a line (- for stdin); JSON Lines out.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check"' -l 'topic' -d 'The apns-topic: the app\'s bundle id, with the push type\'s suffix (.voip, .complication, …) where it has one.' -rfka '(__apnsctl_custom_completion ---completion device check -- --topic (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion device check -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" key-id' -l 'key-id' -d 'Sign with this keystore key instead of the team\'s active key for --env.' -rfka '(__apnsctl_custom_completion ---completion device check -- --key-id (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" token-file' -l 'token-file' -d 'Authenticate with the provider token (JWT) in FILE.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" token-env' -l 'token-env' -d 'Authenticate with the provider token (JWT) in environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" cert' -l 'cert' -d 'Authenticate with this client certificate: .p12, or PEM with its key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" password-file' -l 'password-file' -d 'Read the password from the first line of FILE (- for stdin).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" password-env' -l 'password-env' -d 'Read the password from environment variable NAME.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" first' -l 'first' -d 'The environment tried first (default production).' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" concurrency' -l 'concurrency' -d 'Streams in flight at most on each connection.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" dry-run' -l 'dry-run' -d 'Print what would be sent, and send nothing.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl device check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl mock" -eq 1' -fa 'serve' -d 'Serve a local APNs stand-in (TLS, HTTP/2 only) until interrupted.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl mock" -eq 1' -fa 'asc' -d 'Serve a local App Store Connect API (bundle IDs, capabilities, devices, certificates, profiles).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" host' -l 'host' -d 'Address to listen on (loopback unless you name another).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" port' -l 'port' -d 'Port to listen on; 0 picks a free one (printed on the first line).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" tls-cert' -l 'tls-cert' -d 'Server certificate (chain), PEM.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" tls-key' -l 'tls-key' -d 'Server private key, PEM.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" ca-out' -l 'ca-out' -d 'Where to write the generated CA certificate (default: a new temporary directory).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" environment' -l 'environment' -d 'Which APNs to play, as --env (development when neither is given).' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve"' -l 'device' -d 'Register a device token for a topic.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve"' -l 'unregistered' -d 'A device token that answers 410 Unregistered.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve"' -l 'trust-key' -d 'Trust provider tokens signed by this key (public PEM or .p8) for --team. SCOPE, comma-separated: env=development|production|both (default both), topics=a+b (a topic-specific key: one env), related=KEYID (its related key).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" bad-environment-reason' -l 'bad-environment-reason' -d 'How to answer a key of the other environment: BadEnvironmentKeyInToken (as APNs has been seen to) or BadEnvironmentKeyIdInToken (Apple\'s documented spelling).' -rfka 'BadEnvironmentKeyInToken BadEnvironmentKeyIdInToken'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" team' -l 'team' -d 'The Apple team id (10 characters, A–Z and 0–9).' -rfka '(__apnsctl_custom_completion ---completion mock serve -- --team (count (__apnsctl_tokens -pc)) (__apnsctl_tokens -tC))'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" client-ca' -l 'client-ca' -d 'Accept client certificates issued by this CA (PEM) for certificate authentication.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" token-update-interval' -l 'token-update-interval' -d 'Shortest time a connection must keep a token before changing it (429 otherwise).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" max-streams-before-success' -l 'max-streams-before-success' -d 'Concurrent streams a token connection may open until a push on it succeeds (APNs: 1; then 1000).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" no-stream-throttle' -l 'no-stream-throttle' -d 'Keep a connection\'s stream limit after a rejected push (APNs lowers it to 1 until the next success).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" threads' -l 'threads' -d 'Event-loop threads serving connections (default: this machine\'s cores).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" channels-port' -l 'channels-port' -d 'Serve the broadcast channel management API on this port too (0: not served).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" channel-limit' -l 'channel-limit' -d 'Channels one app may have (APNs: 10000); more is CannotCreateChannelConfig.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve"' -l 'broadcast-disabled' -d 'An app without the broadcast capability: its channel calls get FeatureNotEnabled.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" host' -l 'host' -d 'Address to listen on (loopback unless you name another).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" port' -l 'port' -d 'Port to listen on; 0 picks a free one (printed on the first line).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" ca-out' -l 'ca-out' -d 'Where to write the CA certificate that signs its TLS certificate, certificates and profiles (default: a new temporary directory).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" force' -l 'force' -d 'Replace an output file that already exists.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" state' -l 'state' -d 'The state file (JSON): read at start (absent: empty), rewritten after every change.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" log' -l 'log' -d 'Append one JSON line per exchange (method, path, query, request_body, status, response_body, content_type).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc"' -l 'trust-asc-key' -d 'Accept tokens of this App Store Connect key (public PEM or .p8): a team key with its issuer id, or an individual key.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc"' -l 'fault' -d 'Answer the next requests with a fault (see above).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" tls-cert' -l 'tls-cert' -d 'Server certificate (chain), PEM.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" tls-key' -l 'tls-key' -d 'Server private key, PEM.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock asc" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" min-days' -l 'min-days' -d 'The fewest days of validity a credential must have left; 0 only requires that it has not expired.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor"' -l 'ca' -d 'A CA certificate (PEM or DER) trusted besides Apple\'s: a test or private CA; repeatable.' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" env' -l 'env' -d 'The APNs environment: development (the sandbox) or production.' -rfka 'development production'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" host' -l 'host' -d 'Another server, e.g. a mock: --host 127.0.0.1 --port 8443.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" port' -l 'port' -d '443 or 2197 for APNs (channel commands: 2195/2196); any port with --host.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor"' -l 'target' -d 'The server playing one environment, e.g. a mock: development=127.0.0.1:8443; repeat for the other environment (instead of --host/--port; with --cacert).' -rfka 'development= production='
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" cacert' -l 'cacert' -d 'Trust the CA certificates in this PEM file instead of the system\'s.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" timeout' -l 'timeout' -d 'Seconds each round may take, whatever the server does.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" config' -l 'config' -d 'The exporter\'s configuration (YAML).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" listen' -l 'listen' -d 'Address to serve /metrics and /healthz on (port 0: a free one, printed).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" token-dir' -l 'token-dir' -d 'Read provider tokens from a token agent\'s DIR/TEAM-ENV.token files instead of the keystore\'s cache.' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" keystore' -l 'keystore' -d 'The keystore: a directory, or etcd://HOST:PORT[,HOST:PORT…]/PREFIX (default: $APNSCTL_KEYSTORE, ./keystore, ~/.local/share/apnsctl).' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" etcd-cacert' -l 'etcd-cacert' -d 'CA certificate of etcd\'s members ($APNSCTL_ETCD_CACERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" etcd-cert' -l 'etcd-cert' -d 'Client certificate for etcd ($APNSCTL_ETCD_CERT).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" etcd-key' -l 'etcd-key' -d 'Its private key ($APNSCTL_ETCD_KEY).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" etcd-user' -l 'etcd-user' -d 'etcd user ($APNSCTL_ETCD_USER).' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" etcd-password-file' -l 'etcd-password-file' -d 'The etcd user\'s password ($APNSCTL_ETCD_PASSWORD_FILE, or $APNSCTL_ETCD_PASSWORD).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" kek-file' -l 'kek-file' -d 'Key-encryption key sealing the keystore\'s secrets: 32 bytes or a passphrase ($APNSCTL_KEK_FILE).' -rF
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" lock-timeout' -l 'lock-timeout' -d 'Seconds to wait for another apnsctl holding the keystore lock.' -rfka ''
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl exporter" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" keep' -l 'keep' -d 'Keep the demo\'s files (keystore, certificates) in DIR.' -rfa '(__apnsctl_complete_directories)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" format' -l 'format' -d 'Output format: text or json.' -rfka 'text json'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl help" version' -l 'version' -d 'Show the version.'
