lds --threads 64 --lang hip -D TILE=64 -f ../include/project/src/scan.cpp --format json
