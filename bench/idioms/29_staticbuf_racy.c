// EXPECTED: race at lines 11 x 11, 11 x 21 -- both threads fill the static buf in hex8; one fills it while the other reads the returned pointer
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* Like ctime() or inet_ntoa(): formats into a static buffer and returns
   it, so it is not reentrant. buf[8] stays '\0'. */
static const char *hex8(unsigned v) {
  static char buf[9];
  for (int i = 7; i >= 0; i--, v >>= 4)
    buf[i] = "0123456789abcdef"[v & 0xf]; /*RACE*/
  return buf;
}

static void *worker(void *arg) {
  unsigned base = (unsigned)(uintptr_t)arg;
  unsigned long sum = 0;
  for (unsigned k = 0; k < 200; k++) {
    const char *s = hex8(base + k * 0x1111u);
    for (int i = 0; i < 8; i++)
      sum += (unsigned char)s[i]; /*RACE*/
  }
  printf("%lu\n", sum);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], NULL, worker, (void *)(uintptr_t)0x10000000u);
  pthread_create(&t[1], NULL, worker, (void *)(uintptr_t)0xa0000000u);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  return 0;
}
