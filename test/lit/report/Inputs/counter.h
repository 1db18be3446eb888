// A helper in a shared header: which thread reached it, and how, is what
// call-paths.c checks.
static inline void inc(int *p) { (*p)++; }
