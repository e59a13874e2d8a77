// A second configuration: 8-byte elements.
#define ELEM double
