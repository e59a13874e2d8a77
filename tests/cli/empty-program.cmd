lds -f - ; echo "status $?"
