// An access flag normalised with toupper: 'W' starts a second writer.
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>

static char journal[8];

static void *append(void *arg) {
  journal[0] = (char)(long)arg;
  return NULL;
}

int main(void) {
  char flag = 'r';
  int writable = toupper((unsigned char)flag) == 'W';
  pthread_t a, b;
  pthread_create(&a, NULL, append, (void *)'a');
  if (writable)
    pthread_create(&b, NULL, append, (void *)'b');
  pthread_join(a, NULL);
  if (writable)
    pthread_join(b, NULL);
  printf("%c\n", journal[0]);
  return 0;
}
