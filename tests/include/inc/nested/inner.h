#define INNER_SCALE 2
