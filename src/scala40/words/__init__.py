"""The words a player reads, in every language of the project's one catalogue.

Every sentence the pages, the terminal game and the scorekeeper show is a message of the
gettext catalogue under ``scala40/locale``: the template ``messages.pot`` holds each
message's key (its context) and its English words, and each other language is one file,
``locale/<lang>/LC_MESSAGES/messages.po``, that a translator fills in with the usual tools
(Poedit, Weblate, ``pybabel``). A third language is one more file, not code: the pages get
it from ``static/js/strings.js`` (``python -m scala40.words export``), the terminal from
:class:`Words`. The engine and the bots never import this package (they run in the
browser's Python, where the pages do the wording).
"""

from scala40.words.catalog import (
    SOURCE_LANGUAGE,
    Words,
    language_of_environment,
    languages,
)

__all__ = ["SOURCE_LANGUAGE", "Words", "language_of_environment", "languages"]
