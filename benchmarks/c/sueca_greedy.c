/*
 * sueca_greedy.c -- trunfo's own C yardstick: Sueca deals played by trunfo's `greedy`
 * at every seat, written as tightly as we can in C, to measure the numba kernel against
 * the same play.  It follows docs/rng.md exactly (streams, shuffle, deal, the face-up card
 * dealer_last, greedy's definition), so its results equal trunfo's deal for deal; with
 * every seat deterministic, the play draws are not made (trunfo skips them too: nothing
 * observes them).
 *
 *   cc -O3 -march=native -pthread -o sueca_greedy sueca_greedy.c
 *   sueca_greedy DEALS SEED THREADS DEALER     (DEALER -1: rotating)
 *
 * Prints the histogram of team 0's points (121 counts, one line) and "deals/s N".
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define FIELD 0x3FFULL
#define STRIDE 0x40100401ULL /* bit 0 of each suit's field */

static const int POINTS_BY_STRENGTH[10] = {0, 0, 0, 0, 0, 2, 3, 4, 10, 11};
static uint64_t SUIT_MASKS[4];
static int SUIT[40], STRENGTH[40], POINTS[40];

static inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t next64(uint64_t *s) {
  uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
  return r;
}
static inline int ctz(uint64_t m) { return __builtin_ctzll(m); }

/* lowest strength; on equal strength a non-trump first, then the lowest suit */
static inline int cheapest(uint64_t m, int trump) {
  uint64_t fold = (m | (m >> 10) | (m >> 20) | (m >> 30)) & FIELD;
  uint64_t cand = m & (STRIDE << ctz(fold));
  uint64_t plain = cand & ~SUIT_MASKS[trump];
  return ctz(plain ? plain : cand);
}

static inline uint64_t winners(uint64_t legal, int best, int trump) {
  uint64_t above = ~0ULL << (best + 1), tmask = SUIT_MASKS[trump];
  uint64_t higher = legal & SUIT_MASKS[SUIT[best]] & above;
  return ((1ULL << best) & tmask) ? higher : (higher | (legal & tmask));
}

typedef struct {
  uint64_t seed_base, start, count;
  int dealer_fixed;
  uint64_t hist[121];
} Job;

static void *run(void *arg) {
  Job *j = (Job *)arg;
  uint64_t s[4];
  int deck[40];
  for (uint64_t d = j->start; d < j->start + j->count; d++) {
    uint64_t x = j->seed_base + 4 * d * GOLDEN;
    for (int i = 0; i < 4; i++) { x += GOLDEN; s[i] = mix(x); }
    for (int i = 0; i < 40; i++) deck[i] = i;
    int i = 39;
    while (i > 1) {
      uint64_t r = next64(s);
      int a = (int)(((r >> 32) * (uint64_t)(i + 1)) >> 32), t = deck[i];
      deck[i] = deck[a]; deck[a] = t;
      a = (int)(((r & 0xFFFFFFFFULL) * (uint64_t)i) >> 32); t = deck[i - 1];
      deck[i - 1] = deck[a]; deck[a] = t;
      i -= 2;
    }
    if (i == 1) {
      int a = (int)(((next64(s) >> 32) * 2) >> 32), t = deck[1];
      deck[1] = deck[a]; deck[a] = t;
    }
    int dealer = j->dealer_fixed < 0 ? (int)(d % 4) : j->dealer_fixed;
    uint64_t hand[4];
    for (int k = 0; k < 4; k++) {
      uint64_t h = 0;
      for (int c = 0; c < 10; c++) h |= 1ULL << deck[10 * k + c];
      hand[(dealer + 1 + k) & 3] = h;
    }
    int trump = SUIT[deck[39]], leader = (dealer + 1) & 3, points0 = 0;
    for (int t = 0; t < 10; t++) {
      int p = leader, c = cheapest(hand[p], trump);
      hand[p] &= ~(1ULL << c);
      int led = SUIT[c], best = c, winner = p;
      int tp = POINTS[c];
      int best_key = (led == trump) * 32 + 16 + STRENGTH[c];
      for (int k = 1; k < 4; k++) {
        p = (p + 1) & 3;
        uint64_t h = hand[p], follow = h & SUIT_MASKS[led], legal = follow ? follow : h;
        uint64_t win = winners(legal, best, trump);
        uint64_t want = (((winner ^ p) & 1) == 0) ? (legal & ~win) : win;
        c = cheapest(want ? want : legal, trump);
        hand[p] = h & ~(1ULL << c);
        tp += POINTS[c];
        int cs = SUIT[c], key = (cs == trump) * 32 + (cs == led) * 16 + STRENGTH[c];
        if (key > best_key) { best_key = key; best = c; winner = p; }
      }
      if ((winner & 1) == 0) points0 += tp;
      leader = winner;
    }
    j->hist[points0]++;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s DEALS SEED THREADS DEALER\n", argv[0]);
    return 2;
  }
  uint64_t deals = strtoull(argv[1], 0, 10), seed = strtoull(argv[2], 0, 10);
  int threads = atoi(argv[3]), dealer = atoi(argv[4]);
  for (int s = 0; s < 4; s++) SUIT_MASKS[s] = FIELD << (10 * s);
  for (int c = 0; c < 40; c++) {
    SUIT[c] = c / 10; STRENGTH[c] = c % 10; POINTS[c] = POINTS_BY_STRENGTH[c % 10];
  }
  Job *jobs = calloc((size_t)threads, sizeof(Job));
  pthread_t *tid = calloc((size_t)threads, sizeof(pthread_t));
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int k = 0; k < threads; k++) {
    jobs[k].seed_base = mix(seed);
    jobs[k].start = deals * k / threads;
    jobs[k].count = deals * (k + 1) / threads - jobs[k].start;
    jobs[k].dealer_fixed = dealer;
    pthread_create(&tid[k], 0, run, &jobs[k]);
  }
  uint64_t hist[121] = {0};
  for (int k = 0; k < threads; k++) {
    pthread_join(tid[k], 0);
    for (int i = 0; i < 121; i++) hist[i] += jobs[k].hist[i];
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  for (int i = 0; i < 121; i++) printf("%" PRIu64 "%c", hist[i], i == 120 ? '\n' : ' ');
  printf("deals/s %.0f\n", deals / secs);
  return 0;
}
