lds --emit cuda --output probe-out 'arch sm90; read global b32 @ lane * 4'; echo "status $?"; rm -rf probe-out
