#!/bin/bash

__apnsctl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__apnsctl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__apnsctl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__apnsctl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_apnsctl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    cert|key|asc|keystore|profile|expiry|token|probe|payload|app|channel|device|mock|doctor|exporter|demo|help)
        # Offer subcommand argument completions
        "_apnsctl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'cert key asc keystore profile expiry token probe payload app channel device mock doctor exporter demo help' -- "${cur}"))
        ;;
    esac
}

_apnsctl_cert() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    inspect|convert|verify|import|request|join)
        # Offer subcommand argument completions
        "_apnsctl_cert_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'inspect convert verify import request join' -- "${cur}"))
        ;;
    esac
}

_apnsctl_cert_inspect() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--password-file --password-env --identity --friendly-name --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--identity')
        return
        ;;
    '--friendly-name')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    esac
}

_apnsctl_cert_convert() {
    repeating_flags=()
    non_repeating_flags=(--force --encrypt-key --no-key --key-only --chain --no-chain --legacy --version -h --help)
    repeating_options=()
    non_repeating_options=(--to --out --out-dir --password-file --password-env --identity --friendly-name --out-password-file --out-password-env --format)
    __apnsctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--to')
        __apnsctl_add_completions -W 'pem'$'\n''p12'$'\n''der'
        return
        ;;
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    '--out-dir')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--identity')
        return
        ;;
    '--friendly-name')
        return
        ;;
    '--out-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--out-password-env')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    esac
}

_apnsctl_cert_verify() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic)
    non_repeating_options=(--env --min-days --cert-key --key --ca --at --password-file --password-env --identity --friendly-name --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion cert verify -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--min-days')
        return
        ;;
    '--cert-key'|'--key')
        __apnsctl_add_completions -f
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--at')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--identity')
        return
        ;;
    '--friendly-name')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    esac
}

_apnsctl_cert_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--password-file --password-env --identity --friendly-name --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--identity')
        return
        ;;
    '--friendly-name')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    esac
}

_apnsctl_cert_request() {
    repeating_flags=()
    non_repeating_flags=(--force --list --version -h --help)
    repeating_options=()
    non_repeating_options=(--out --email --common-name --country --bundle-id --env --team --discard --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    '--email')
        return
        ;;
    '--common-name')
        return
        ;;
    '--country')
        return
        ;;
    '--bundle-id')
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion cert request -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--discard')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_cert_join() {
    repeating_flags=()
    non_repeating_flags=(--legacy --force --strict --version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--out --to --out-password-file --out-password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    '--to')
        return
        ;;
    '--out-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--out-password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    esac
}

_apnsctl_key() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    import|generate|list|inspect|export-public|rotate|discover|scope|revoke|purge)
        # Offer subcommand argument completions
        "_apnsctl_key_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'import generate list inspect export-public rotate discover scope revoke purge' -- "${cur}"))
        ;;
    esac
}

_apnsctl_key_import() {
    repeating_flags=()
    non_repeating_flags=(--team-scoped --encrypt --version -h --help)
    repeating_options=()
    non_repeating_options=(--from-env --team --key-id --env --topics --related-key --password-file --password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--from-env')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key import -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'$'\n''both'
        return
        ;;
    '--topics')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key import -- --topics "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--related-key')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key import -- --related-key "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p8|pem)'
        return
        ;;
    esac
}

_apnsctl_key_generate() {
    repeating_flags=()
    non_repeating_flags=(--team-scoped --version -h --help)
    repeating_options=()
    non_repeating_options=(--team --key-id --env --topics --related-key --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key generate -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'$'\n''both'
        return
        ;;
    '--topics')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key generate -- --topics "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--related-key')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key generate -- --related-key "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_key_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--team --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key list -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_key_inspect() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key inspect -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_key_export-public() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--out --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key export-public -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_key_rotate() {
    repeating_flags=()
    non_repeating_flags=(--allow-gap --probe --version -h --help)
    repeating_options=(--to-key --to --target --topic)
    non_repeating_options=(--team --grace --env --host --port --cacert --timeout --device-token --push-type --priority --payload --password-file --password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key rotate -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--to-key'|'--to')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key rotate -- --to-key "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--grace')
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--device-token')
        return
        ;;
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key rotate -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--push-type')
        __apnsctl_add_completions -W 'alert'$'\n''background'$'\n''voip'$'\n''complication'$'\n''fileprovider'$'\n''mdm'$'\n''liveactivity'$'\n''location'$'\n''pushtotalk'$'\n''widgets'
        return
        ;;
    '--priority')
        return
        ;;
    '--payload')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_key_discover() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --version -h --help)
    repeating_options=(--target --topic)
    non_repeating_options=(--env --host --port --cacert --timeout --device-token --push-type --priority --payload --password-file --password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--device-token')
        return
        ;;
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key discover -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--push-type')
        __apnsctl_add_completions -W 'alert'$'\n''background'$'\n''voip'$'\n''complication'$'\n''fileprovider'$'\n''mdm'$'\n''liveactivity'$'\n''location'$'\n''pushtotalk'$'\n''widgets'
        return
        ;;
    '--priority')
        return
        ;;
    '--payload')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key discover -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_key_scope() {
    repeating_flags=()
    non_repeating_flags=(--team-scoped --version -h --help)
    repeating_options=()
    non_repeating_options=(--env --topics --related-key --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'$'\n''both'
        return
        ;;
    '--topics')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key scope -- --topics "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--related-key')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key scope -- --related-key "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key scope -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_key_revoke() {
    repeating_flags=()
    non_repeating_flags=(--allow-active --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key revoke -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_key_purge() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion key purge -- positional@0 "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_apnsctl_asc() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    key|token)
        # Offer subcommand argument completions
        "_apnsctl_asc_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'key token' -- "${cur}"))
        ;;
    esac
}

_apnsctl_asc_key() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    import|list)
        # Offer subcommand argument completions
        "_apnsctl_asc_key_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'import list' -- "${cur}"))
        ;;
    esac
}

_apnsctl_asc_key_import() {
    repeating_flags=()
    non_repeating_flags=(--individual --version -h --help)
    repeating_options=()
    non_repeating_options=(--issuer --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--issuer')
        return
        ;;
    '--key-id')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p8|pem)'
        return
        ;;
    esac
}

_apnsctl_asc_key_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_asc_token() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--asc-key --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--asc-key')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_keystore() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|status|audit|copy|fix-permissions)
        # Offer subcommand argument completions
        "_apnsctl_keystore_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init status audit copy fix-permissions' -- "${cur}"))
        ;;
    esac
}

_apnsctl_keystore_init() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -d
        return
        ;;
    esac
}

_apnsctl_keystore_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --min-days --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--min-days')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_keystore_audit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --since --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--since')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_keystore_copy() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--from-keystore --from --to-keystore --to --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--from-keystore'|'--from')
        __apnsctl_add_completions -d
        return
        ;;
    '--to-keystore'|'--to')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_keystore_fix-permissions() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_profile() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    inspect|verify|fetch|renew|list)
        # Offer subcommand argument completions
        "_apnsctl_profile_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'inspect verify fetch renew list' -- "${cur}"))
        ;;
    esac
}

_apnsctl_profile_inspect() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--format)
    __apnsctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(mobileprovision|provisionprofile|plist)'
        return
        ;;
    esac
}

_apnsctl_profile_verify() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--env --bundle-id --cert --min-days --at --password-file --password-env --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--bundle-id')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(p12|pfx|pem|cer|der|crt)'
        return
        ;;
    '--min-days')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--at')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __apnsctl_add_completions -o plusdirs -fX '!*.@(mobileprovision|provisionprofile|plist)'
        return
        ;;
    esac
}

_apnsctl_profile_fetch() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--bundle-id --type --out --name --asc-key --asc-url --cacert --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--bundle-id')
        return
        ;;
    '--type')
        return
        ;;
    '--out')
        __apnsctl_add_completions -d
        return
        ;;
    '--name')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_profile_renew() {
    repeating_flags=()
    non_repeating_flags=(--replace --version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--bundle-id --type --out --min-days --asc-key --asc-url --cacert --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--bundle-id')
        return
        ;;
    '--type')
        return
        ;;
    '--out')
        __apnsctl_add_completions -d
        return
        ;;
    '--min-days')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_profile_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--bundle-id --type --asc-key --asc-url --cacert --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--bundle-id')
        return
        ;;
    '--type')
        return
        ;;
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_expiry() {
    repeating_flags=()
    non_repeating_flags=(--no-keystore --version -h --help)
    repeating_options=(--ca)
    non_repeating_options=(--min-days --out --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --password-file --password-env --format)
    __apnsctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--min-days')
        return
        ;;
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'$'\n''prometheus'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __apnsctl_add_completions -f
        return
        ;;
    esac
}

_apnsctl_token() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    issue|inspect|agent)
        # Offer subcommand argument completions
        "_apnsctl_token_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'issue inspect agent' -- "${cur}"))
        ;;
    esac
}

_apnsctl_token_issue() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic)
    non_repeating_options=(--team --key-id --env --refresh-after --password-file --password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion token issue -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion token issue -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion token issue -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--refresh-after')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_token_inspect() {
    repeating_flags=()
    non_repeating_flags=(--decode-only --version -h --help)
    repeating_options=()
    non_repeating_options=(--key --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--key')
        __apnsctl_add_completions -f
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion token inspect -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_token_agent() {
    repeating_flags=()
    non_repeating_flags=(--sign --once --version -h --help)
    repeating_options=()
    non_repeating_options=(--out-dir --out --group --metrics --refresh-after --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--out-dir'|'--out')
        __apnsctl_add_completions -d
        return
        ;;
    '--group')
        return
        ;;
    '--metrics')
        __apnsctl_add_completions -f
        return
        ;;
    '--refresh-after')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_probe() {
    repeating_flags=()
    non_repeating_flags=(--channels --version -h --help)
    repeating_options=(--target --topic)
    non_repeating_options=(--env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env --device-token --push-type --priority --payload --count --interval --format --out)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion probe -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion probe -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--device-token')
        return
        ;;
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion probe -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--push-type')
        __apnsctl_add_completions -W 'alert'$'\n''background'$'\n''voip'$'\n''complication'$'\n''fileprovider'$'\n''mdm'$'\n''liveactivity'$'\n''location'$'\n''pushtotalk'$'\n''widgets'
        return
        ;;
    '--priority')
        return
        ;;
    '--payload')
        return
        ;;
    '--count')
        return
        ;;
    '--interval')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'$'\n''prometheus'
        return
        ;;
    '--out')
        __apnsctl_add_completions -f
        return
        ;;
    esac
}

_apnsctl_payload() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check)
        # Offer subcommand argument completions
        "_apnsctl_payload_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check' -- "${cur}"))
        ;;
    esac
}

_apnsctl_payload_check() {
    repeating_flags=()
    non_repeating_flags=(--strict --version -h --help)
    repeating_options=(--topic)
    non_repeating_options=(--push-type --priority --expiration --collapse-id --requests --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion payload check -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--push-type')
        return
        ;;
    '--priority')
        return
        ;;
    '--expiration')
        return
        ;;
    '--collapse-id')
        return
        ;;
    '--requests')
        __apnsctl_add_completions -f
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_app() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check|push)
        # Offer subcommand argument completions
        "_apnsctl_app_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check push' -- "${cur}"))
        ;;
    esac
}

_apnsctl_app_check() {
    repeating_flags=()
    non_repeating_flags=(--probe --apple --version -h --help)
    repeating_options=(--profile --cert --ca --device-token --push-type --target)
    non_repeating_options=(--team --min-days --env --host --port --cacert --timeout --asc-key --asc-url --password-file --password-env --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion app check -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--profile')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(mobileprovision|provisionprofile)'
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--device-token')
        return
        ;;
    '--push-type')
        __apnsctl_add_completions -W 'alert'$'\n''background'$'\n''voip'$'\n''complication'$'\n''fileprovider'$'\n''mdm'$'\n''liveactivity'$'\n''location'$'\n''pushtotalk'$'\n''widgets'
        return
        ;;
    '--min-days')
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_app_push() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    status|enable)
        # Offer subcommand argument completions
        "_apnsctl_app_push_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'status enable' -- "${cur}"))
        ;;
    esac
}

_apnsctl_app_push_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--asc-key --asc-url --cacert --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_app_push_enable() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--asc-key --asc-url --cacert --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--asc-key')
        return
        ;;
    '--asc-url')
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_channel() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    create|list|inspect|delete)
        # Offer subcommand argument completions
        "_apnsctl_channel_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'create list inspect delete' -- "${cur}"))
        ;;
    esac
}

_apnsctl_channel_create() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic --target)
    non_repeating_options=(--format --storage --env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel create -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--storage')
        __apnsctl_add_completions -W 'none'$'\n''most-recent'
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel create -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel create -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    esac
}

_apnsctl_channel_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic --target)
    non_repeating_options=(--format --env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel list -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel list -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel list -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    esac
}

_apnsctl_channel_inspect() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic --target)
    non_repeating_options=(--format --env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel inspect -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel inspect -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel inspect -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    esac
}

_apnsctl_channel_delete() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--topic --target)
    non_repeating_options=(--format --env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env)
    __apnsctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel delete -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel delete -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion channel delete -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    esac
}

_apnsctl_device() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    check)
        # Offer subcommand argument completions
        "_apnsctl_device_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'check' -- "${cur}"))
        ;;
    esac
}

_apnsctl_device_check() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --version -h --help)
    repeating_options=(--topic --target)
    non_repeating_options=(--tokens --env --host --port --cacert --timeout --team --key-id --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --token-file --token-env --cert --password-file --password-env --first --concurrency --format)
    __apnsctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--tokens')
        __apnsctl_add_completions -f
        return
        ;;
    '--topic')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion device check -- --topic "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion device check -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--key-id')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion device check -- --key-id "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--token-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-env')
        return
        ;;
    '--cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--password-env')
        return
        ;;
    '--first')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--concurrency')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_mock() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    serve|asc)
        # Offer subcommand argument completions
        "_apnsctl_mock_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'serve asc' -- "${cur}"))
        ;;
    esac
}

_apnsctl_mock_serve() {
    repeating_flags=()
    non_repeating_flags=(--force --no-stream-throttle --version -h --help)
    repeating_options=(--device --unregistered --trust-key --broadcast-disabled)
    non_repeating_options=(--host --port --tls-cert --tls-key --ca-out --env --environment --bad-environment-reason --team --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --client-ca --token-update-interval --max-streams-before-success --threads --channels-port --channel-limit --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--tls-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--tls-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--ca-out')
        __apnsctl_add_completions -f
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--environment')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--device')
        return
        ;;
    '--unregistered')
        return
        ;;
    '--trust-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--bad-environment-reason')
        __apnsctl_add_completions -W 'BadEnvironmentKeyInToken'$'\n''BadEnvironmentKeyIdInToken'
        return
        ;;
    '--team')
        __apnsctl_add_completions -W "$(__apnsctl_custom_complete ---completion mock serve -- --team "${COMP_CWORD}" "$(__apnsctl_cursor_index_in_current_word)")"
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--client-ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--token-update-interval')
        return
        ;;
    '--max-streams-before-success')
        return
        ;;
    '--threads')
        return
        ;;
    '--channels-port')
        return
        ;;
    '--channel-limit')
        return
        ;;
    '--broadcast-disabled')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_mock_asc() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=(--trust-asc-key --fault)
    non_repeating_options=(--host --port --ca-out --state --log --tls-cert --tls-key --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--ca-out')
        __apnsctl_add_completions -f
        return
        ;;
    '--state')
        __apnsctl_add_completions -f
        return
        ;;
    '--log')
        __apnsctl_add_completions -f
        return
        ;;
    '--trust-asc-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--fault')
        return
        ;;
    '--tls-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--tls-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_doctor() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--ca --target)
    non_repeating_options=(--min-days --format --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --env --host --port --cacert --timeout)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--min-days')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--ca')
        __apnsctl_add_completions -f
        return
        ;;
    '--env')
        __apnsctl_add_completions -W 'development'$'\n''production'
        return
        ;;
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--target')
        __apnsctl_add_completions -W 'development='$'\n''production='
        return
        ;;
    '--cacert')
        __apnsctl_add_completions -o plusdirs -fX '!*.@(pem|crt)'
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_apnsctl_exporter() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--config --listen --token-dir --keystore --etcd-cacert --etcd-cert --etcd-key --etcd-user --etcd-password-file --kek-file --lock-timeout --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        __apnsctl_add_completions -f
        return
        ;;
    '--listen')
        return
        ;;
    '--token-dir')
        __apnsctl_add_completions -d
        return
        ;;
    '--keystore')
        __apnsctl_add_completions -d
        return
        ;;
    '--etcd-cacert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-cert')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-key')
        __apnsctl_add_completions -f
        return
        ;;
    '--etcd-user')
        return
        ;;
    '--etcd-password-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--kek-file')
        __apnsctl_add_completions -f
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_demo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--keep --format)
    __apnsctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--keep')
        __apnsctl_add_completions -d
        return
        ;;
    '--format')
        __apnsctl_add_completions -W 'text'$'\n''json'
        return
        ;;
    esac
}

_apnsctl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __apnsctl_offer_flags_options -1
}

complete -o filenames -F _apnsctl apnsctl
