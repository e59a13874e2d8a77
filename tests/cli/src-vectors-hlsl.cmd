lds --lang hlsl -f -
