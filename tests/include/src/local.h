#ifndef LOCAL_H
#define LOCAL_H
#define BIAS 1.0f
#endif
