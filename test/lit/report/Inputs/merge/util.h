// util.h: shared by a.c and b.c, whose logs both report the race on
// 'hits' in count_hit(); a merged log keeps it once.
#include <pthread.h>

extern long hits;

static inline void count_hit(void) { hits++; }
