// strftime formats a fixed date; a year other than 2024 starts a
// migration thread beside the main updater.
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int schema_version = 1;

static void *migrate(void *arg) {
  (void)arg;
  schema_version = 2;
  return NULL;
}

int main(void) {
  struct tm tm;
  memset(&tm, 0, sizeof tm);
  tm.tm_year = 124; /* 2024 */
  tm.tm_mon = 5;
  tm.tm_mday = 1;
  char year[8];
  strftime(year, sizeof year, "%Y", &tm);
  int migrate_now = strcmp(year, "2023") != 0;
  pthread_t t;
  if (migrate_now)
    pthread_create(&t, NULL, migrate, NULL);
  schema_version = schema_version + 10;
  if (migrate_now)
    pthread_join(t, NULL);
  printf("%d\n", schema_version);
  return 0;
}
