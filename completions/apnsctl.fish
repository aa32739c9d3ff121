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
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'convert'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'verify'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'import'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'key'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'import'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'generate'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'list'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'inspect'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'export-public'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'rotate'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'revoke'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'purge'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'keystore'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'init'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'status'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'audit'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'fix-permissions'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'token'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'issue'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            case 'inspect'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'probe'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
        case 'mock'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'serve'
                __apnsctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'doctor'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
        case 'demo'
            __apnsctl_parse_subcommand 0 'version' 'h/help'
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
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'cert' -d 'Inspect, convert, verify and import APNs certificates (.p12, PEM, DER).'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'key' -d 'Manage .p8 signing keys: import, generate, rotate, revoke, purge.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'keystore' -d 'Create, check and audit the keystore.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'token' -d 'Issue (cached) and inspect ES256 provider tokens.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'probe' -d 'Send a canary push over HTTP/2 and explain the answer.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'mock' -d 'Run a local APNs stand-in that validates like the real one.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'doctor' -d 'Check this machine and keystore for what apnsctl and APNs need.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'demo' -d 'Walk through the whole product offline against a local APNs.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'inspect' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'convert' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'verify' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl cert" -eq 1' -fa 'import' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert convert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert verify" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl cert import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'import' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'generate' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'list' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'inspect' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'export-public' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'rotate' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'revoke' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl key" -eq 1' -fa 'purge' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key generate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key export-public" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key rotate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key revoke" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl key purge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'init' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'status' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'audit' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl keystore" -eq 1' -fa 'fix-permissions' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore audit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl keystore fix-permissions" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl token" -eq 1' -fa 'issue' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl token" -eq 1' -fa 'inspect' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token issue" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl token inspect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl probe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_positional "apnsctl mock" -eq 1' -fa 'serve' -d '(not yet built)'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl mock serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" version' -l 'version' -d 'Show the version.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'apnsctl' -n '__apnsctl_should_offer_completions_for_flags_or_options "apnsctl help" version' -l 'version' -d 'Show the version.'
