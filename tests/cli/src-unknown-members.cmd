lds --lang cuda --threads 32 --kernel through_pointer -f - < src-unknown-members.stdin; lds --lang cuda --threads 32 --kernel of_unknown_type -f - < src-unknown-members.stdin
