package io.cardgen.worker.llm;

import dev.langchain4j.data.message.AiMessage;
import io.cardgen.common.card.CardContent;

/**
 * A model answer that parsed into card texts, not yet validated. It keeps the raw message so that a
 * repair round can show the model its own answer next to what was wrong with it.
 */
record Answer(CardContent content, int promptTokens, int completionTokens, AiMessage message) {}
