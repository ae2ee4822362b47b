// Times pto-isa's CPU simulator on the workloads of issue 15's table, for the
// comparison in docs/performance.md ("Reproducing the pto-isa CPU simulator
// figures"). Our own driver: it is compiled against a pto-isa checkout
// (hw-native-sys/pto-isa, not part of this repository) and is neither built
// nor run by this repository's build or tests; the build command and the
// environment it needs are in docs/performance.md.
//
// Each workload is timed as bench/run.py times the JIT: one warm-up call,
// the number of calls that fill a third of the budget, then the best of 3
// rounds of that many calls (seconds per call, steady_clock). The tiles are
// placed in the simulated on-chip memory with TASSIGN and filled through
// data() outside the timed region.
#include <pto/pto-inst.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <type_traits>

using namespace pto;

// Older checkouts spell the interleave instruction TInterleave.
#ifndef PTO_BENCH_INTERLEAVE
#define PTO_BENCH_INTERLEAVE TINTERLEAVE
#endif

namespace {

double budgetSeconds = 1.0;

template <typename Fn> double perCall(Fn &&fn) {
  using Clock = std::chrono::steady_clock;
  auto seconds = [](Clock::time_point from) {
    return std::chrono::duration<double>(Clock::now() - from).count();
  };
  fn();
  long calls = 0;
  for (auto start = Clock::now(); seconds(start) < budgetSeconds / 3; ++calls)
    fn();
  if (calls < 1)
    calls = 1;
  double best = 1e30;
  for (int round = 0; round < 3; ++round) {
    auto start = Clock::now();
    for (long i = 0; i < calls; ++i)
      fn();
    best = std::min(best, seconds(start) / calls);
  }
  return best;
}

void report(const char *name, int rows, int cols, double seconds) {
  std::printf("%-34s %4dx%-5d %12.2f us\n", name, rows, cols, seconds * 1e6);
}

// Row-major vector tiles with a valid shape given at construction, as the
// library's CPU tests declare them.
template <typename T, int R, int C>
using VecTile = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1>;

// Bump allocation of simulated on-chip addresses per memory (ub, l1, l0c).
struct Placement {
  std::size_t vec = 0, mat = 0, acc = 0;
  template <typename TileT> void place(TileT &tile, std::size_t &next) {
    TASSIGN(tile, next);
    next += sizeof(typename TileT::DType) * TileT::Numel;
  }
};

template <typename TileT> void fillRandom(TileT &tile, std::mt19937 &rng) {
  using T = typename TileT::DType;
  for (int i = 0; i < TileT::Numel; ++i) {
    if constexpr (std::is_floating_point_v<T>)
      tile.data()[i] =
          static_cast<T>(std::normal_distribution<float>(0.f, 100.f)(rng));
    else
      tile.data()[i] = static_cast<T>(rng());
  }
}

template <int R, int C> void benchTor() {
  using T = VecTile<int16_t, R, C>;
  T a(R, C), b(R, C), d(R, C);
  Placement at;
  at.place(a, at.vec);
  at.place(b, at.vec);
  at.place(d, at.vec);
  std::mt19937 rng(0);
  fillRandom(a, rng);
  fillRandom(b, rng);
  report("tor i16", R, C, perCall([&] { TOR(d, a, b); }));
}

template <int R, int C> void benchInterleave() {
  using T = VecTile<int16_t, R, C>;
  T src0(R, C), src1(R, C), dst0(R, C), dst1(R, C);
  Placement at;
  for (T *tile : {&src0, &src1, &dst0, &dst1})
    at.place(*tile, at.vec);
  std::mt19937 rng(0);
  fillRandom(src0, rng);
  fillRandom(src1, rng);
  // Operand order (dst1, dst0, src1, src0), as pto_instr.hpp declares it.
  report("tinterleave i16", R, C,
         perCall([&] { PTO_BENCH_INTERLEAVE(dst1, dst0, src1, src0); }));
}

// TSORT32(dst, src, idx): idx holds the indices that travel with the
// values; dst has two f32 columns per element, room for the 8-byte
// (value, index) records of the record-form implementation (a page-form
// implementation writes the first C columns and idx).
template <int R, int C> void benchSort32() {
  VecTile<float, R, C> src(R, C);
  VecTile<uint32_t, R, C> idx(R, C);
  VecTile<float, R, 2 * C> dst(R, 2 * C);
  Placement at;
  at.place(src, at.vec);
  at.place(idx, at.vec);
  at.place(dst, at.vec);
  std::mt19937 rng(0);
  fillRandom(src, rng);
  for (int i = 0; i < R * C; ++i)
    idx.data()[i] = static_cast<uint32_t>(i % C);
  report("tsort32 f32", R, C, perCall([&] { TSORT32(dst, src, idx); }));
}

// The quantizing conversion of bench/run.py's tinsert-q: an f32 acc tile
// (NZ, 16x16 boxes) into an i8 mat tile (NZ), scalar quant word, relu.
template <int R, int C> void benchQuant() {
  using Acc = Tile<TileType::Acc, float, R, C, BLayout::ColMajor, R, C,
                   SLayout::RowMajor, TileConfig::fractalCSize>;
  using Mat = Tile<TileType::Mat, int8_t, R, C, BLayout::ColMajor, R, C,
                   SLayout::RowMajor>;
  Acc acc;
  Mat mat;
  Placement at;
  at.place(acc, at.acc);
  at.place(mat, at.mat);
  std::mt19937 rng(0);
  fillRandom(acc, rng);
  float scale = 0.5f;
  uint32_t scaleBits;
  std::memcpy(&scaleBits, &scale, sizeof scaleBits);
  uint64_t word = scaleBits | (uint64_t{3} << 37) | (uint64_t{1} << 46);
  report("tinsert-q (NZ f32 acc -> NZ i8)", R, C, perCall([&] {
           TINSERT<Mat, Acc, ReluPreMode::NormalRelu>(mat, acc, word, 0, 0);
         }));
  report("textract-q (NZ f32 acc -> NZ i8)", R, C, perCall([&] {
           TEXTRACT<Mat, Acc, ReluPreMode::NormalRelu>(mat, acc, word, 0, 0);
         }));
}

// TMRGSORT of 4 sorted lists of N f32 records (value, index) into one
// (bench/run.py's tmrgsort x4 row, issue 36).
template <int N> void benchMrgSort4() {
  using List = VecTile<float, 1, 2 * N>;
  using Out = VecTile<float, 1, 8 * N>;
  List src0(1, 2 * N), src1(1, 2 * N), src2(1, 2 * N), src3(1, 2 * N);
  Out dst(1, 8 * N), tmp(1, 8 * N);
  Placement at;
  for (List *tile : {&src0, &src1, &src2, &src3})
    at.place(*tile, at.vec);
  at.place(dst, at.vec);
  at.place(tmp, at.vec);
  List *lists[] = {&src0, &src1, &src2, &src3};
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N; ++i) {
      lists[k]->data()[2 * i] = static_cast<float>(N - i) + 0.25f * k;
      uint32_t id = k * N + i;
      std::memcpy(&lists[k]->data()[2 * i + 1], &id, sizeof id);
    }
  MrgSortExecutedNumList executed;
  report("tmrgsort x4 f32 records", 1, N, perCall([&] {
           TMRGSORT<Out, Out, List, List, List, List, false>(
               dst, executed, tmp, src0, src1, src2, src3);
         }));
}

// TMATMUL of an M x K by a K x N matrix, K split into `Splits` steps
// (TMATMUL, then TMATMUL_ACC into the same acc tile) as bench/run.py's
// tmatmul rows split it (issue 35 item 5), TileLeft/TileRight/TileAcc
// as pto_tile.hpp declares them.
template <typename T, typename AccT, int M, int K, int N, int Splits>
void benchMatmul(const char *name) {
  constexpr int KC = K / Splits;
  using Left = TileLeft<T, M, KC>;
  using Right = TileRight<T, KC, N>;
  using Acc = TileAcc<AccT, M, N>;
  Left lhs[Splits];
  Right rhs[Splits];
  Acc acc;
  Placement at;
  std::size_t left = 0, right = 0;
  std::mt19937 rng(0);
  for (int i = 0; i < Splits; ++i) {
    at.place(lhs[i], left);
    at.place(rhs[i], right);
    fillRandom(lhs[i], rng);
    fillRandom(rhs[i], rng);
  }
  at.place(acc, at.acc);
  report(name, M, N, perCall([&] {
           TMATMUL(acc, lhs[0], rhs[0]);
           for (int i = 1; i < Splits; ++i)
             TMATMUL_ACC(acc, acc, lhs[i], rhs[i]);
         }));
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--quick") == 0)
    budgetSeconds = 0.3;
  std::printf("pto-isa CPU simulator, seconds per call (best of 3)\n");
  benchTor<256, 4096>();
  benchInterleave<256, 4096>();
  benchSort32<256, 4096>();
  benchSort32<1, 32>();
  benchQuant<64, 1024>();
  benchMrgSort4<1024>();
  benchMatmul<float, float, 128, 128, 128, 1>("tmatmul f32 k=128");
  benchMatmul<float, float, 256, 256, 256, 4>("tmatmul f32 k=256 (4 x 64)");
  benchMatmul<int8_t, int32_t, 128, 128, 128, 1>("tmatmul i8 -> i32 k=128");
  return 0;
}
