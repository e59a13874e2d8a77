lds -f files/reduce.wgsl; echo "exit $?"; lds --format sarif -f files/reduce.metal; echo "exit $?"
