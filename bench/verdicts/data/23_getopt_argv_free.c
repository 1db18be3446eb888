// getopt over an argument vector the program builds itself.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int frames;

static void *render(void *arg) {
  (void)arg;
  frames++;
  return NULL;
}

int main(void) {
  char prog[] = "render", opt[] = "-j", val[] = "1";
  char *args[] = {prog, opt, val, NULL};
  int jobs = 2, c;
  while ((c = getopt(3, args, "j:")) != -1)
    if (c == 'j')
      jobs = atoi(optarg);
  if (jobs < 1 || jobs > 2)
    return 1;
  pthread_t t[2];
  for (int i = 0; i < jobs; i++)
    pthread_create(&t[i], NULL, render, NULL);
  for (int i = 0; i < jobs; i++)
    pthread_join(t[i], NULL);
  printf("%d\n", frames);
  return 0;
}
