// Issue 23's program: at -O2 the reader's load is dead and optimised away
// before an LTO link sees the unit; the race is only in the code as written.
#include <pthread.h>
int shared_var;
void *reader(void *a) { int t = shared_var; (void)t; return 0; }
void *writer(void *a) { shared_var = 7; return 0; }
int main(void) {
  pthread_t r, w;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r, 0);
  pthread_join(w, 0);
  return 0;
}
