// Thread i gets &jobs[i], whose slot field points at its own result
#define SAFE 1
// results[i]; the workers also add to a grand total, without the mutex in
// the racy variant.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    int count;
    long *slot;
};

static long grand_total;
#ifdef SAFE
static pthread_mutex_t total_mu = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *worker(void *arg)
{
    struct job *j = arg;
    long s = 0;
    for (int i = 0; i < j->count; i++)
        s += (long)j->id * i;
    *j->slot = s;
#ifdef SAFE
    pthread_mutex_lock(&total_mu);
    grand_total += s;
    pthread_mutex_unlock(&total_mu);
#else
    grand_total += s;
#endif
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    pthread_t *tids = malloc(n * sizeof *tids);
    long *results = calloc(n, sizeof *results);
    struct job *jobs = malloc(n * sizeof *jobs);
    long sum = 0;

    if (!tids || !results || !jobs)
        return 1;
    for (int i = 0; i < n; i++) {
        jobs[i].id = i;
        jobs[i].count = 10000;
        jobs[i].slot = &results[i];
        pthread_create(&tids[i], NULL, worker, &jobs[i]);
    }
    for (int i = 0; i < n; i++)
        pthread_join(tids[i], NULL);
    for (int i = 0; i < n; i++)
        sum += results[i];
    printf("sum=%ld total=%ld\n", sum, grand_total);
    free(jobs);
    free(results);
    free(tids);
    return 0;
}
