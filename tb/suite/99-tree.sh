# tree: the suite leaves the working tree as it found it (git status the
# same at its end as at its start: no generator writes into committed
# folders by surprise).  Runs last, once every background section is done.
section tree

tree_same() {
    git status --porcelain --untracked-files=all > "$tmp/status.end" 2>&1
    diff "$tmp/status.start" "$tmp/status.end" && echo "git status unchanged ($(wc -l < "$tmp/status.end") entries)"
}
needs bg:ALL
check "the suite leaves the working tree as it found it (git status unchanged)" tree_same
