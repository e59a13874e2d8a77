printf '1 + 1\nlet N = 8\nN * 4\nhelp\nquit\nprint 9\n' | lds -i
