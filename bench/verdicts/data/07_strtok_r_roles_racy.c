// strtok_r splits a role list; each 'writer' token starts a writer thread.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int table[4];
static int lookups[4];

static void *writer(void *arg) {
  (void)arg;
  for (int i = 0; i < 4; i++)
    table[i] = i * i;
  return NULL;
}

static void *reader(void *arg) {
  int id = (int)(long)arg;
  lookups[id] = 1; /* each reader its own slot */
  return NULL;
}

int main(void) {
  char roles[] = "reader writer writer";
  char *save = NULL;
  pthread_t t[3];
  int n = 0;
  for (char *r = strtok_r(roles, " ", &save); r && n < 3;
       r = strtok_r(NULL, " ", &save)) {
    if (strcmp(r, "writer") == 0)
      pthread_create(&t[n], NULL, writer, NULL);
    else
      pthread_create(&t[n], NULL, reader, (void *)(long)n);
    n++;
  }
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  printf("%d %d\n", table[3], lookups[0] + lookups[1] + lookups[2]);
  return 0;
}
