// Read before each file with -include (the build's, or lds-calc's own).
#define ELEM float
