// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* Like ctime_r() or inet_ntop(): formats into the caller's buffer. */
static const char *hex8(unsigned v, char buf[9]) {
  buf[8] = '\0';
  for (int i = 7; i >= 0; i--, v >>= 4)
    buf[i] = "0123456789abcdef"[v & 0xf];
  return buf;
}

static void *worker(void *arg) {
  unsigned base = (unsigned)(uintptr_t)arg;
  unsigned long sum = 0;
  char mine[9];
  for (unsigned k = 0; k < 200; k++) {
    const char *s = hex8(base + k * 0x1111u, mine);
    for (int i = 0; i < 8; i++)
      sum += (unsigned char)s[i];
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
