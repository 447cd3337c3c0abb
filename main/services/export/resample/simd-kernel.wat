;; The polyphase resampling inner loop, in WebAssembly with 128-bit SIMD (four float multiply-adds per
;; instruction). JavaScript cannot vectorise this loop, and it is the hottest loop of a cold export: every
;; second of speech passes through it. scripts/build-wasm.mjs assembles this file with wabt into
;; simd-kernel-module.generated.ts (on `npm ci`, `npm run build` and `npm test`).
;;
;; resample(in, out, coef, taps, phases, step, index, acc, count): byte addresses in the imported memory.
;; For n in 0 … count−1:
;;   out[n] = Σ_k coef[acc·taps + k] · in[index + k]          (k < taps, taps a multiple of 4)
;;   acc += step; while (acc ≥ phases) { acc −= phases; index += 1 }
;; The caller tracks index and acc itself (the same integer arithmetic), so nothing is returned.
(module
  (import "env" "memory" (memory 1))
  (func (export "resample")
    (param $in i32) (param $out i32) (param $coef i32) (param $taps i32) (param $phases i32)
    (param $step i32) (param $index i32) (param $acc i32) (param $count i32)
    (local $c i32) (local $i i32) (local $end i32) (local $sum v128)
    (block $done
      (br_if $done (i32.eqz (local.get $count)))
      (loop $sample
        ;; c = coef + acc·taps·4; i = in + index·4; end = c + taps·4; sum = 0
        (local.set $c
          (i32.add (local.get $coef) (i32.shl (i32.mul (local.get $acc) (local.get $taps)) (i32.const 2))))
        (local.set $i (i32.add (local.get $in) (i32.shl (local.get $index) (i32.const 2))))
        (local.set $end (i32.add (local.get $c) (i32.shl (local.get $taps) (i32.const 2))))
        (local.set $sum (v128.const i32x4 0 0 0 0))
        ;; Four taps per iteration. The views are only 4-byte aligned, which the loads declare.
        (loop $taps
          (local.set $sum
            (f32x4.add
              (local.get $sum)
              (f32x4.mul (v128.load align=4 (local.get $c)) (v128.load align=4 (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $taps
            (i32.lt_u (local.tee $c (i32.add (local.get $c) (i32.const 16))) (local.get $end))))
        ;; out[n] = the four lanes summed; out += 4
        (f32.store
          (local.get $out)
          (f32.add
            (f32.add
              (f32.add (f32x4.extract_lane 0 (local.get $sum)) (f32x4.extract_lane 1 (local.get $sum)))
              (f32x4.extract_lane 2 (local.get $sum)))
            (f32x4.extract_lane 3 (local.get $sum))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        ;; acc += step; carry whole input samples into index
        (local.set $acc (i32.add (local.get $acc) (local.get $step)))
        (block $carried
          (loop $carry
            (br_if $carried (i32.lt_u (local.get $acc) (local.get $phases)))
            (local.set $acc (i32.sub (local.get $acc) (local.get $phases)))
            (local.set $index (i32.add (local.get $index) (i32.const 1)))
            (br $carry)))
        (br_if $sample (local.tee $count (i32.sub (local.get $count) (i32.const 1))))))))
