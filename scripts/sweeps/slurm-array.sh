#!/usr/bin/env bash
# A seed sweep as a Slurm array job: task i runs shard i/8 of 100000 seeds.
#   sbatch scripts/sweeps/slurm-array.sh
# then, when every task is done:
#   hewn stats merge sweeps/depth5/shard-*.json --out depth5.json
#SBATCH --job-name=hewn-sweep
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --output=sweeps/depth5/slurm-%a.log
set -euo pipefail
mkdir -p sweeps/depth5
hewn stats projects/example.hewn.json --depth 5 --seeds 100000 \
  --shard "${SLURM_ARRAY_TASK_ID}/8" --workers "${SLURM_CPUS_PER_TASK:-2}" \
  --out "sweeps/depth5/shard-${SLURM_ARRAY_TASK_ID}.json"
