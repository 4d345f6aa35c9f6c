// runner-client: KDE's own KRunner client library (KF5's Plasma::RunnerManager, Debian
// libkf5runner-dev) driving Searchlight's D-Bus runner exactly as KRunner does: it
// finds the plugin file in krunner/dbusplugins under $XDG_DATA_DIRS, launches the query
// at once as a user typing does (the first Match of a closed app D-Bus-activates it),
// and runs a match.
//
//   runner-client PLUGIN-ID QUERY [TEXT-TO-RUN]
//
// Prints one line per loaded runner and per match (tab-separated), then `ran TEXT` when
// it ran the match whose text is TEXT-TO-RUN, and `done`. Exit 0, or 2 on bad usage,
// 3 when the query does not finish in 30 s, 4 when the runner is not loaded, 5 when
// no match has TEXT-TO-RUN. Built and run by KRunnerClientTests (QT_QPA_PLATFORM=offscreen).
#include <QGuiApplication>
#include <QIcon>
#include <QTimer>
#include <QUrl>
#include <KRunner/AbstractRunner>
#include <KRunner/QueryMatch>
#include <KRunner/RunnerManager>
#include <cstdio>

static void line(const QStringList &fields)
{
    std::printf("%s\n", fields.join(QLatin1Char('\t')).toUtf8().constData());
    std::fflush(stdout);
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: runner-client PLUGIN-ID QUERY [TEXT-TO-RUN]\n");
        return 2;
    }
    const QString pluginId = QString::fromUtf8(argv[1]);
    const QString query = QString::fromUtf8(argv[2]);
    const QString textToRun = argc > 3 ? QString::fromUtf8(argv[3]) : QString();

    Plasma::RunnerManager manager(QStringLiteral("searchlight-runner-client-rc"), nullptr);
    manager.setAllowedRunners({pluginId});

    bool finished = false;
    QObject::connect(&manager, &Plasma::RunnerManager::queryFinished, &app, [&]() {
        if (finished)
            return;
        finished = true;
        bool loaded = false;
        for (Plasma::AbstractRunner *runner : manager.runners()) {
            line({QStringLiteral("runner"), runner->id(), runner->name()});
            loaded = loaded || runner->id() == pluginId;
        }
        if (!loaded) {
            std::fprintf(stderr, "runner-client: the runner %s was not loaded\n", argv[1]);
            app.exit(4);
            return;
        }
        const QList<Plasma::QueryMatch> matches = manager.matches();
        const Plasma::QueryMatch *chosen = nullptr;
        for (const Plasma::QueryMatch &match : matches) {
            QStringList urls;
            for (const QUrl &url : match.urls())
                urls << url.toString();
            const QList<QSize> sizes = match.icon().availableSizes();
            const QString icon = sizes.isEmpty() ? QStringLiteral("none")
                                                 : QStringLiteral("%1x%2").arg(sizes.first().width()).arg(sizes.first().height());
            line({QStringLiteral("match"), match.id(), match.text(), QString::number(int(match.type())),
                  QString::number(match.relevance(), 'f', 3), match.iconName(), match.subtext(), urls.join(QLatin1Char(',')),
                  icon, match.isEnabled() ? QStringLiteral("enabled") : QStringLiteral("disabled")});
            if (!textToRun.isEmpty() && match.text() == textToRun && chosen == nullptr)
                chosen = &match;
        }
        if (!textToRun.isEmpty()) {
            if (chosen == nullptr) {
                std::fprintf(stderr, "runner-client: no match has the text %s\n", argv[3]);
                app.exit(5);
                return;
            }
            manager.run(*chosen);
            line({QStringLiteral("ran"), chosen->text()});
        }
        manager.matchSessionComplete();
        // Let the asynchronous Run and Teardown calls leave before the connection closes.
        QTimer::singleShot(1000, &app, [&]() {
            line({QStringLiteral("done")});
            app.exit(0);
        });
    });
    QTimer::singleShot(30000, &app, [&]() {
        std::fprintf(stderr, "runner-client: the query did not finish in 30 s\n");
        app.exit(3);
    });
    // As KRunner does when it opens and the user types: load the runners (a DBus2
    // runner asks its Config now and stays suspended until the answer came), set up the
    // session and launch the query at once. A runner that is suspended is skipped, so a
    // plugin whose app is not running must not depend on Config to be matched.
    manager.setupMatchSession();
    manager.launchQuery(query);
    return app.exec();
}
