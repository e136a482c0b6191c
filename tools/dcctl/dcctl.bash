# bash completion for dcctl(1): commands, their options, link names (asked
# from dcd with `dcctl links --names`), lease IDs, files where a file goes.
# shellcheck shell=bash

_dcctl_links() {
	dcctl "${_dcctl_bus[@]}" links --names 2>/dev/null
}

_dcctl_leases() {
	dcctl "${_dcctl_bus[@]}" --json leases 2>/dev/null |
		sed -n 's/^ *"id": \([0-9]*\),*$/\1/p'
}

_dcctl() {
	local cur prev words cword
	if declare -F _init_completion >/dev/null; then
		_init_completion || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi

	local commands="status links link edid modes set off leases revoke monitor topology screenshot sim bios"
	local i cmd="" sub="" nargs=0
	_dcctl_bus=()
	# The command, the sim subcommand, positional arguments before the cursor.
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		--bus)
			_dcctl_bus=(--bus "${words[i + 1]}")
			((i++))
			;;
		--color | --reason | --edid | --display | --pnp-ids | --vector | --count) ((i++)) ;;
		-*) ;;
		*)
			if [[ -z $cmd ]]; then
				cmd=${words[i]}
			elif [[ $cmd == sim && -z $sub ]]; then
				sub=${words[i]}
			else
				((nargs++))
			fi
			;;
		esac
	done

	case $prev in
	--bus)
		COMPREPLY=($(compgen -W "system session" -- "$cur"))
		return
		;;
	--edid | --pnp-ids)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	--color | --reason | --display | --vector | --count)
		return
		;;
	esac

	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "$commands --bus --json --help --version" -- "$cur"))
		return
	fi

	local opts="--json --bus --help"
	case $cmd in
	links) opts+=" --names" ;;
	edid) opts+=" --raw --decode --pnp-ids" ;;
	set) opts+=" --color --check" ;;
	revoke) opts+=" --reason" ;;
	monitor) opts+=" --count" ;;
	topology) opts+=" --dot" ;;
	sim) opts+=" --edid --display --vector --no-wait" ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi

	case $cmd in
	link | modes | off)
		((nargs == 0)) && COMPREPLY=($(compgen -W "$(_dcctl_links)" -- "$cur"))
		;;
	set)
		((nargs == 0)) && COMPREPLY=($(compgen -W "$(_dcctl_links)" -- "$cur"))
		((nargs == 1)) && COMPREPLY=($(compgen -W "preferred" -- "$cur"))
		;;
	edid)
		if ((nargs == 0)); then
			COMPREPLY=($(compgen -W "decode $(_dcctl_links)" -- "$cur"))
		elif [[ ${words[*]} == *" decode "* ]] && ((nargs == 1)); then
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		;;
	bios)
		((nargs == 0)) && COMPREPLY=($(compgen -f -- "$cur"))
		;;
	screenshot)
		((nargs == 0)) && COMPREPLY=($(compgen -W "$(_dcctl_links)" -- "$cur"))
		((nargs == 1)) && COMPREPLY=($(compgen -f -X '!*.png' -- "$cur") $(compgen -d -- "$cur"))
		;;
	revoke)
		((nargs == 0)) && COMPREPLY=($(compgen -W "$(_dcctl_leases)" -- "$cur"))
		;;
	sim)
		if [[ -z $sub ]]; then
			COMPREPLY=($(compgen -W "plug unplug irq link-loss" -- "$cur"))
		elif ((nargs == 0)); then
			COMPREPLY=($(compgen -W "$(_dcctl_links)" -- "$cur"))
		fi
		;;
	esac
} &&
	complete -F _dcctl dcctl
