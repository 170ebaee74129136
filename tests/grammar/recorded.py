"""LanguageTool ``/v2/check`` answers recorded from its documentation, for the fake server.

The shape is LanguageTool's HTTP API documentation (the Swagger 2.0 description served at
languagetool.org/http-api/, ``languagetool-swagger.json``, API version 1.1.2: ``software``
{name, version, buildDate, apiVersion, premium, status}, ``warnings.incompleteResults``,
``language`` {name, code, detectedLanguage}, ``matches[]`` {message, shortMessage,
replacements[].value, offset, length, context {text, offset, length}, sentence, rule {id,
description, issueType, category {id, name}}}).

:data:`SPELLING_EXAMPLE` is the answer of a local LanguageTool 5.5 server (the
``languagetool-server`` jar on port 8081) to
``/v2/check?language=en-US&text=LanguageTool Extensin is the best onee there shud be.``
as published with its query (the replacement lists are cut to their first entries, as the
client keeps at most five). :data:`ARTICLE_MATCH` is the ``EN_A_VS_AN`` match as LanguageTool
reports it: category ``MISC``, issueType ``misspelling`` (a grammar rule filed as a typo
type, which is why categories and rule ids, not issue types, decide what counts).
"""

from __future__ import annotations

from typing import Any

SPELLING_TEXT = "LanguageTool Extensin is the best onee there shud be."

SPELLING_EXAMPLE: dict[str, Any] = {
    "software": {
        "name": "LanguageTool",
        "version": "5.5",
        "buildDate": "2021-10-02 12:33:00 +0000",
        "apiVersion": 1,
        "premium": False,
        "premiumHint": "You might be missing errors only the Premium version can find. "
        "Contact us at support<at>languagetoolplus.com.",
        "status": "",
    },
    "warnings": {"incompleteResults": False},
    "language": {
        "name": "English (US)",
        "code": "en-US",
        "detectedLanguage": {"name": "English (US)", "code": "en-US", "confidence": 0.9999967},
    },
    "matches": [
        {
            "message": "Possible spelling mistake found.",
            "shortMessage": "Spelling mistake",
            "replacements": [{"value": "Extension"}],
            "offset": 13,
            "length": 8,
            "context": {"text": SPELLING_TEXT, "offset": 13, "length": 8},
            "sentence": SPELLING_TEXT,
            "type": {"typeName": "Other"},
            "rule": {
                "id": "MORFOLOGIK_RULE_EN_US",
                "description": "Possible spelling mistake",
                "issueType": "misspelling",
                "category": {"id": "TYPOS", "name": "Possible Typo"},
            },
            "ignoreForIncompleteSentence": False,
            "contextForSureMatch": 0,
        },
        {
            "message": "Possible spelling mistake found.",
            "shortMessage": "Spelling mistake",
            "replacements": [{"value": "one"}, {"value": "once"}, {"value": "ones"}],
            "offset": 34,
            "length": 4,
            "context": {"text": SPELLING_TEXT, "offset": 34, "length": 4},
            "sentence": SPELLING_TEXT,
            "type": {"typeName": "Other"},
            "rule": {
                "id": "MORFOLOGIK_RULE_EN_US",
                "description": "Possible spelling mistake",
                "issueType": "misspelling",
                "category": {"id": "TYPOS", "name": "Possible Typo"},
            },
            "ignoreForIncompleteSentence": False,
            "contextForSureMatch": 0,
        },
        {
            "message": "Possible spelling mistake found.",
            "shortMessage": "Spelling mistake",
            "replacements": [{"value": "shut"}, {"value": "shed"}, {"value": "HUD"}],
            "offset": 45,
            "length": 4,
            "context": {
                "text": "...ageTool Extensin is the best onee there shud be.",
                "offset": 43,
                "length": 4,
            },
            "sentence": SPELLING_TEXT,
            "type": {"typeName": "Other"},
            "rule": {
                "id": "MORFOLOGIK_RULE_EN_US",
                "description": "Possible spelling mistake",
                "issueType": "misspelling",
                "category": {"id": "TYPOS", "name": "Possible Typo"},
            },
            "ignoreForIncompleteSentence": False,
            "contextForSureMatch": 0,
        },
    ],
}

ARTICLE_RULE: dict[str, Any] = {
    "id": "EN_A_VS_AN",
    "description": "Use of 'a' vs. 'an'",
    "issueType": "misspelling",
    "category": {"id": "MISC", "name": "Miscellaneous"},
}
