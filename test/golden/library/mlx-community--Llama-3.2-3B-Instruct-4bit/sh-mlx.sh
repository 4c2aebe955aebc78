pip install -U mlx-lm
